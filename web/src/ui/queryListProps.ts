import type { ListBodyProps } from './ListBody';

interface ListQuery {
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A `ListBody`'s reload button and inline failure for a list loaded by one query: `failed` is
 * the failure's title, the retry loads it again.
 */
export function queryListProps(
  query: ListQuery,
  failed: string,
): Pick<ListBodyProps, 'reloading' | 'onReload' | 'error'> {
  const reload = () => void query.refetch();
  return {
    reloading: query.isFetching,
    onReload: reload,
    error: query.isError ? { title: failed, error: query.error, onRetry: reload } : undefined,
  };
}
