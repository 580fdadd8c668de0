import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';

interface ListStateProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** What failed to load, in the user's words. */
  failedTitle: string;
  children: ReactNode;
}

/** A list's loading skeleton or its error with a retry; the list itself once loaded. */
export function ListState({ query, failedTitle, children }: ListStateProps) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) {
    return (
      <ErrorState
        title={failedTitle}
        detail={errorText(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children;
}
