import { projectRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useFeedback } from '../../../ui/useFeedback';
import type { ProjectRow } from '../utils/ProjectRow';
import { projectsKey } from './useProjects';

/**
 * PUT /project/setAutoDeploy: turns deploying on every push on or off, says so, and answers which
 * project is changing for its switch's spinner.
 */
export function useSetAutoDeploy() {
  const { t } = useTranslation('project');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, autoDeploy }: { id: number; autoDeploy: 0 | 1 }) =>
      call(projectRoutes.setAutoDeploy, { id, autoDeploy }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsKey }),
  });
  const toggle = (project: ProjectRow) => {
    const autoDeploy = project.autoDeploy === 1 ? 0 : 1;
    mutation.mutate(
      { id: project.id, autoDeploy },
      {
        onSuccess: () =>
          void message.success(
            t(autoDeploy ? 'autoDeploy.on' : 'autoDeploy.off', { name: project.name }),
          ),
      },
    );
  };
  return { toggle, busyId: mutation.isPending ? mutation.variables.id : undefined };
}
