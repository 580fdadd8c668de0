import { Alert, Flex, Typography, type TableColumnType } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { CodeBox } from '../../../ui/CodeBox';
import { ErrorState } from '../../../ui/ErrorState';
import { MonoText } from '../../../ui/MonoText';
import { PagedTable } from '../../../ui/PagedTable';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { DEFAULT_PAGE_SIZE } from '../../../ui/pageSizes';
import { useBrowserPagination, type PageState } from '../../../ui/useBrowserPagination';
import { useCronLogs } from '../hooks/useCronLogs';
import type { CronJob, CronRun } from '../utils/cronRows';
import { runDuration } from '../utils/runDuration';
import { RunCodeTag } from './RunCodeTag';

interface CronLogsDrawerProps {
  serverId: number;
  /** The job whose runs are shown; none when closed. */
  job: CronJob | undefined;
  onClose: () => void;
}

/** The columns of a run: when, how long, how it ended, and what it printed. */
function useRunColumns(): TableColumnType<CronRun>[] {
  const { t } = useTranslation('cron');
  return [
    {
      key: 'startTime',
      title: t('logs.start'),
      render: (_, run) => <span style={{ whiteSpace: 'nowrap' }}>{run.startTime}</span>,
    },
    {
      key: 'duration',
      title: t('logs.duration'),
      render: (_, run) => (
        <span style={{ whiteSpace: 'nowrap' }}>{runDuration(run.durationMs, t)}</span>
      ),
    },
    {
      key: 'execCode',
      title: t('logs.result'),
      render: (_, run) => <RunCodeTag execCode={run.execCode} skipped={run.skipped} />,
    },
    {
      key: 'message',
      title: t('logs.output'),
      render: (_, run) =>
        run.message ? (
          <pre
            aria-label={t('logs.outputOf', { time: run.startTime })}
            style={{
              margin: 0,
              maxWidth: 520,
              maxHeight: 200,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            <MonoText>{run.message}</MonoText>
          </pre>
        ) : (
          <Typography.Text type="secondary">{t('logs.noOutput')}</Typography.Text>
        ),
    },
  ];
}

/** The runs of one job, newest first: read from the server each time the drawer asks. */
function RunsOf({ serverId, job }: { serverId: number; job: CronJob }) {
  const { t } = useTranslation('cron');
  const [page, setPage] = useState<PageState>({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const logs = useCronLogs(serverId, job.id, page);
  const pagination = useBrowserPagination(page, setPage);
  const columns = useRunColumns();
  if (logs.isError && !logs.data) {
    return (
      <ErrorState
        title={t('logs.loadFailed')}
        detail={errorText(logs.error)}
        onRetry={() => void logs.refetch()}
      />
    );
  }
  return (
    <Flex vertical gap={12}>
      <CodeBox
        text={`${job.expression} ${job.command}`}
        label={t('logs.job')}
        copyLabel={t('logs.copyJob')}
      />
      {logs.data?.syncError ? (
        <Alert
          type="warning"
          showIcon
          title={t('logs.syncError')}
          description={logs.data.syncError}
        />
      ) : null}
      <PagedTable<CronRun>
        rows={logs.data?.list ?? []}
        loading={logs.isPending}
        columns={columns}
        pagination={{ ...pagination, total: logs.data?.total ?? 0 }}
        cardKeys={['startTime', 'execCode', 'duration', 'message']}
        emptyText={t('logs.empty')}
      />
    </Flex>
  );
}

/** A job's run history in a drawer. */
export function CronLogsDrawer({ serverId, job, onClose }: CronLogsDrawerProps): ReactElement {
  const { t } = useTranslation('cron');
  return (
    <ResponsiveDrawer
      open={job !== undefined}
      width={900}
      title={t('logs.title', { name: job ? job.description || job.command : '' })}
      onClose={onClose}
    >
      {job ? <RunsOf serverId={serverId} job={job} /> : null}
    </ResponsiveDrawer>
  );
}
