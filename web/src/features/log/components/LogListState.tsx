import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';

interface Refetchable {
  refetch: () => unknown;
}

interface LogListStateProps {
  /** The page of the log, and the count of its rows under the same filters. */
  list: Refetchable & { isError: boolean; error: unknown };
  total: Refetchable;
  children: ReactNode;
}

/** The log's table, or why its page failed to load with a retry of the page and the count. */
export function LogListState({ list, total, children }: LogListStateProps) {
  const { t } = useTranslation('log');
  if (!list.isError) return children;
  return (
    <ErrorState
      title={t('loadFailed')}
      detail={errorText(list.error)}
      onRetry={() => {
        void list.refetch();
        void total.refetch();
      }}
    />
  );
}
