import { deployRoutes } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useFeedback } from '../../../ui/useFeedback';
import { shortCommit } from '../utils/commitInfo';
import type { PreviewRow } from '../utils/DeployRow';
import { deployListKey } from './useDeployList';

/**
 * Asks before rolling a project back to the release of a history row (POST /deploy/rebuild). The
 * server re-links the kept release where it can, else rebuilds that commit; the answer says which,
 * and `started` gets the token of the deploy that does it.
 */
export function useRollback(): (
  project: { name: string },
  row: PreviewRow,
  started: (token: string) => void,
) => void {
  const { t } = useTranslation(['deploy', 'common']);
  const { notification, modal } = useFeedback();
  const queryClient = useQueryClient();
  return (project, row, started) => {
    const commit = shortCommit(row.ext) || row.token.slice(0, 8);
    modal.confirm({
      title: t('deploy:rollback.title', { name: project.name, commit }),
      content: t('deploy:rollback.content', { commit, message: row.message || '—' }),
      okText: t('deploy:rollback.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:action.cancel'),
      onOk: () =>
        call(deployRoutes.rebuild, { token: row.token })
          .then((answer) => {
            const key = answer.type === 'symlink' ? 'relinked' : 'rebuilding';
            // Clear of the progress drawer's title, which opens at the top right.
            notification.success({
              title: t(`deploy:rollback.${key}`, { name: project.name, commit }),
              placement: 'bottomLeft',
              duration: 3,
            });
            void queryClient.invalidateQueries({ queryKey: deployListKey });
            void queryClient.invalidateQueries({ queryKey: ['deploy', 'history'] });
            started(answer.token);
          })
          .catch(() => undefined),
    });
  };
}
