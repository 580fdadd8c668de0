import { Code, directoryMappingRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/call';

/**
 * POST /system/testDirectorySignIn: what the directory answers for an account and which
 * memberships a sign-in would give, nothing changed. A field error is shown by the form.
 */
export function useTestSignIn() {
  return useMutation({
    mutationFn: (input: RouteInput<typeof directoryMappingRoutes.testDirectorySignIn>) =>
      call(directoryMappingRoutes.testDirectorySignIn, input, { silent: [Code.illegalParam] }),
  });
}
