import { projectRoutes } from '@ferry/contract/client';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { useInvalidateProjects } from './useInvalidateProjects';

/** DELETE /project/remove: drops the working copy and the bindings; history still reads. */
export function useRemoveProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: number) => call(projectRoutes.remove, { id }),
    onSuccess: invalidate,
  });
}
