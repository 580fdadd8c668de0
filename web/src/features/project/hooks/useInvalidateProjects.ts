import { useQueryClient } from '@tanstack/react-query';
import { labelsKey, projectsKey } from './useProjects';

/** Refreshes the list and the labels after a change (a save may add or drop a label). */
export function useInvalidateProjects(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: projectsKey }),
      queryClient.invalidateQueries({ queryKey: labelsKey }),
    ]);
  };
}
