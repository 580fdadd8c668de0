import { deployRoutes } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useFeedback } from '../../../ui/useFeedback';
import { deployListKey } from './useDeployList';

/**
 * Asks before stopping a queued or running deploy (POST /deploy/cancel), then says what became
 * of it: cancelled, being stopped (a running step is killed first) or already finished.
 */
export function useCancelDeploy(): (project: { name: string }, token: string) => void {
  const { t } = useTranslation(['deploy', 'common']);
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  return (project, token) => {
    modal.confirm({
      title: t('deploy:cancel.title', { name: project.name }),
      content: t('deploy:cancel.content'),
      okText: t('deploy:cancel.ok'),
      okButtonProps: { danger: true },
      cancelText: t('deploy:cancel.keep'),
      onOk: () =>
        call(deployRoutes.cancel, { token })
          .then(({ status }) => {
            void message.info(t(`deploy:cancel.${status}`, { name: project.name }));
            return queryClient.invalidateQueries({ queryKey: deployListKey });
          })
          .catch(() => undefined),
    });
  };
}
