import { HistoryOutlined } from '@ant-design/icons';
import { Empty, Flex, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/ErrorState';
import { useRunHistory, type RunHistorySource } from '../hooks/useRunHistory';
import { RunHistoryItem } from './RunHistoryItem';

const ROWS = 10;

interface RunHistoryListProps {
  source: RunHistorySource;
  onOpen: (id: number) => void;
  /** Said when no run is recorded yet; the script page's words by default. */
  emptyText?: string | undefined;
}

/** The namespace's last runs, a page at a time; opening one hands its id up. */
export function RunHistoryList({ source, onOpen, emptyText }: RunHistoryListProps) {
  const { t } = useTranslation('script');
  const [page, setPage] = useState(1);
  const runs = useRunHistory(source, page, ROWS, true);

  if (runs.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (runs.isError) {
    return <ErrorState title={t('history.loadFailed')} onRetry={() => void runs.refetch()} />;
  }
  const { list, pagination } = runs.data;
  if (list.length === 0 && page === 1) {
    return (
      <Empty
        image={<HistoryOutlined style={{ fontSize: 40, opacity: 0.45 }} />}
        description={emptyText ?? t('history.empty')}
      />
    );
  }
  return (
    <Flex vertical gap={8} style={{ opacity: runs.isPlaceholderData ? 0.6 : 1 }}>
      {list.map((run) => (
        <RunHistoryItem key={run.id} run={run} onOpen={() => onOpen(run.id)} />
      ))}
      <Pagination
        simple
        align="end"
        current={page}
        pageSize={ROWS}
        total={pagination.total}
        onChange={setPage}
        hideOnSinglePage
      />
    </Flex>
  );
}
