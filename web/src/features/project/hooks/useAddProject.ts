import { Code, projectRoutes } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { ProjectInput } from '../utils/ProjectRow';
import { useInvalidateProjects } from './useInvalidateProjects';

/** POST /project/add; field errors are shown on the form. */
export function useAddProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (input: ProjectInput) =>
      call(projectRoutes.add, input, { silent: [Code.illegalParam] }),
    onSuccess: invalidate,
  });
}
