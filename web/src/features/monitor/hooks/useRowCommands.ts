import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useFeedback } from '../../../ui/useFeedback';
import type { MonitorRow } from '../utils/MonitorRow';
import { useRemoveMonitor, useToggleMonitor } from './useMonitorMutations';

/** Pauses or resumes a monitor at once, and deletes one after asking; each says so. */
export function useRowCommands() {
  const { t } = useTranslation('monitor');
  const { message } = useFeedback();
  const confirm = useConfirmAction();
  const toggle = useToggleMonitor();
  const remove = useRemoveMonitor();
  return {
    toggle: (row: MonitorRow) => {
      const state = row.state === 1 ? 0 : 1;
      toggle.mutate(
        { id: row.id, state },
        {
          onSuccess: () =>
            void message.success(
              t(state === 1 ? 'toggle.resumed' : 'toggle.paused', { name: row.name }),
            ),
        },
      );
    },
    remove: (row: MonitorRow) =>
      confirm({
        title: t('delete.title', { name: row.name }),
        content: t('delete.content', { name: row.name }),
        okText: t('action.delete'),
        run: () => remove.mutateAsync(row.id),
        done: t('delete.done', { name: row.name }),
      }),
  };
}
