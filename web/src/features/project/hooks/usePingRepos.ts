import { Code, projectRoutes } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { RepositoryInput } from '../utils/ProjectRow';

/**
 * POST /project/pingRepos: whether the repository answers with the form's credentials. It may take
 * seconds; failures (a `git_*` reason, a refused field) are shown beside the button.
 */
export function usePingRepos() {
  return useMutation({
    mutationFn: (input: RepositoryInput) =>
      call(projectRoutes.pingReposWithSecrets, input, {
        silent: [Code.deny, Code.error, Code.illegalParam],
      }),
  });
}
