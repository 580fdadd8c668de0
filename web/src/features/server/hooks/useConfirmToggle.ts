import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useFeedback } from '../../../ui/useFeedback';
import type { ServerRow } from '../utils/ServerRow';
import { useToggleServer } from './useToggleServer';

/**
 * Enables a server at once; asks before disabling one, since that drops its connections and
 * ends its terminals. Answers whether a change is under way, for the switch's spinner.
 */
export function useConfirmToggle(): { toggle: (server: ServerRow) => void; busyId?: number } {
  const { t } = useTranslation('server');
  const { message } = useFeedback();
  const confirm = useConfirmAction();
  const mutation = useToggleServer();
  const toggle = (server: ServerRow) => {
    if (server.state !== 1) {
      mutation.mutate(
        { id: server.id, state: 1 },
        { onSuccess: () => void message.success(t('toggle.enabled', { name: server.name })) },
      );
      return;
    }
    confirm({
      title: t('toggle.title', { name: server.name }),
      content: t('toggle.content', { name: server.name }),
      okText: t('toggle.ok'),
      run: () => mutation.mutateAsync({ id: server.id, state: 0 }),
      done: t('toggle.disabled', { name: server.name }),
    });
  };
  const busyId = mutation.isPending ? mutation.variables.id : undefined;
  return { toggle, busyId: typeof busyId === 'number' ? busyId : undefined };
}
