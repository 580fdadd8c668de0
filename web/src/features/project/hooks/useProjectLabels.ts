import { projectRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { labelsKey } from './useProjects';

/** Every label used by a project of the namespace (GET /project/getLabelList), for pickers. */
export function useProjectLabels() {
  return useQuery({
    queryKey: labelsKey,
    queryFn: ({ signal }) => call(projectRoutes.getLabelList, {}, { signal, silent: true }),
    select: (data) => data.list,
  });
}
