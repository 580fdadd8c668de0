import { Code, projectRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { useInvalidateProjects } from './useInvalidateProjects';

/** PUT /project/edit (empty secrets keep the stored ones); field errors are shown on the form. */
export function useEditProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (input: RouteInput<typeof projectRoutes.edit>) =>
      call(projectRoutes.edit, input, { silent: [Code.illegalParam] }),
    onSuccess: invalidate,
  });
}
