import type { ReactNode } from 'react';
import { errorText } from '../api/errorText';
import { ErrorState } from './ErrorState';

interface Refetchable {
  refetch: () => unknown;
}

interface PagedListStateProps {
  /** The page of rows, and the count of rows under the same filters. */
  list: Refetchable & { isError: boolean; error: unknown };
  total: Refetchable;
  /** What failed to load, as the error says it. */
  title: string;
  children: ReactNode;
}

/** A server-paged table, or why its page failed to load with a retry of the page and the count. */
export function PagedListState({ list, total, title, children }: PagedListStateProps) {
  if (!list.isError) return children;
  return (
    <ErrorState
      title={title}
      detail={errorText(list.error)}
      onRetry={() => {
        void list.refetch();
        void total.refetch();
      }}
    />
  );
}
