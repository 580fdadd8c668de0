import { projectRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import type { ProjectRow } from '../utils/ProjectRow';
import { projectsKey } from './useProjects';

/**
 * Asks before trusting the new host key of a project's repository (POST /project/acceptRepoHostKey).
 * SECURITY: this is the one defence against a machine in the middle of git over ssh, so the
 * dialog says when accepting is right and shows the trusted key beside the new one.
 */
export function useConfirmAcceptRepoKey(): (project: ProjectRow) => void {
  const { t } = useTranslation('project');
  const confirm = useConfirmAction();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: (id: number) => call(projectRoutes.acceptRepoHostKey, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsKey }),
  });
  return (project) =>
    confirm({
      title: t('hostKey.confirmTitle', { name: project.name }),
      content: t('hostKey.confirmContent', {
        trusted: project.repoHostKey || t('hostKey.none'),
        presented: project.repoPendingHostKey,
      }),
      okText: t('hostKey.accept'),
      run: () => accept.mutateAsync(project.id),
      done: t('hostKey.accepted', { name: project.name }),
    });
}
