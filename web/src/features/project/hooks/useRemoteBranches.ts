import { Code, projectRoutes } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { RepositoryInput } from '../utils/ProjectRow';

/**
 * POST /project/getRemoteBranchList: the branches of the remote, asked for when the picker opens
 * (it runs git on the console). Failures are shown under the field.
 */
export function useRemoteBranches() {
  return useMutation({
    mutationFn: (input: RepositoryInput) =>
      call(projectRoutes.getRemoteBranchListWithSecrets, input, {
        silent: [Code.deny, Code.error, Code.illegalParam],
      }),
  });
}
