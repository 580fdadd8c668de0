import { deployRoutes } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { call } from '../../../api/call';
import { useFeedback } from '../../../ui/useFeedback';
import type { DeployRow } from '../utils/DeployRow';
import { deployListKey } from './useDeployList';

const RUNNING = 'deploy_running';

/**
 * Asks before resetting a project's deploy state (PUT /deploy/resetState). A running deploy is
 * refused by the server; the user may then cancel it and reset in one step.
 */
export function useResetState(): (project: DeployRow) => void {
  const { t } = useTranslation(['deploy', 'common', 'errors']);
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();

  const reset = async (project: DeployRow, cancel: boolean) => {
    await call(deployRoutes.resetState, { projectId: project.id, cancel }, { silent: [RUNNING] });
    void message.success(t('deploy:reset.done', { name: project.name }));
    await queryClient.invalidateQueries({ queryKey: deployListKey });
  };

  const offerCancel = (project: DeployRow) =>
    modal.confirm({
      title: t('deploy:reset.runningTitle', { name: project.name }),
      content: t('errors:deploy_running'),
      okText: t('deploy:reset.cancelAndReset'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () => reset(project, true).catch(() => undefined),
    });

  return (project) => {
    modal.confirm({
      title: t('deploy:reset.title', { name: project.name }),
      content: t('deploy:reset.content'),
      okText: t('deploy:reset.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () =>
        reset(project, false).catch((e: unknown) => {
          if (e instanceof ApiError && e.reason === RUNNING) offerCancel(project);
        }),
    });
  };
}
