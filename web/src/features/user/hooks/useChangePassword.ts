import { userRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** PUT /user/changePassword {oldPwd, newPwd}; a wrong old password is shown by the form. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: RouteInput<typeof userRoutes.changePassword>) =>
      call(userRoutes.changePassword, input, { silent: ['wrong_password'] }),
  });
}
