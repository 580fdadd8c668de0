import { TaskResult, type RouteOutput, type taskRoutes } from '@ferry/contract/client';
import { Button, Space, Tag, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonoText } from '../../../ui/MonoText';
import { PagedTable } from '../../../ui/PagedTable';

export type TaskRow = RouteOutput<typeof taskRoutes.getTaskList>['list'][number];

interface TaskTableProps {
  rows: readonly TaskRow[];
  loading: boolean;
  pagination: React.ComponentProps<typeof PagedTable<TaskRow>>['pagination'];
  onProgress: (token: string) => void;
  onRemove: (row: TaskRow) => void;
}

const RESULT_COLOR: Record<string, string> = { queued: 'success', skipped: 'warning' };

const resultOf = (r: string): TaskResult =>
  Object.values<string>(TaskResult).includes(r) ? (r as TaskResult) : TaskResult.pending;

/** A project's scheduled deploys: when, what, the last run and its deploy. */
export function TaskTable({ rows, loading, pagination, onProgress, onRemove }: TaskTableProps) {
  const { t } = useTranslation('schedule');
  const columns: TableColumnType<TaskRow>[] = [
    {
      key: 'when',
      title: t('when'),
      render: (_, r) =>
        r.cron ? (
          <Space direction="vertical" size={0}>
            <MonoText>{r.cron}</MonoText>
            {r.nextRun ? <span>{t('nextRun', { time: r.nextRun })}</span> : null}
          </Space>
        ) : (
          r.date
        ),
    },
    {
      key: 'what',
      title: t('branch'),
      render: (_, r) => (
        <span>
          {r.branch} {r.commit ? <MonoText>{r.commit.slice(0, 7)}</MonoText> : null}
        </span>
      ),
    },
    {
      key: 'last',
      title: t('lastRun'),
      render: (_, r) =>
        r.lastRun ? (
          <Space wrap size={4}>
            <span>{r.lastRun}</span>
            <Tag color={RESULT_COLOR[r.lastResult]} title={r.lastError || undefined}>
              {t(`result.${resultOf(r.lastResult)}`)}
            </Tag>
            {r.late ? <Tag color="orange">{t('late')}</Tag> : null}
            {r.lastToken && r.lastResult === 'queued' ? (
              <Button type="link" size="small" onClick={() => onProgress(r.lastToken)}>
                {t('openDeploy')}
              </Button>
            ) : null}
          </Space>
        ) : r.state === 0 ? (
          <Tag>{t('removed')}</Tag>
        ) : (
          t('notYet')
        ),
    },
    {
      key: 'actions',
      title: '',
      render: (_, r) =>
        r.state === 1 && (r.cron || !r.isRun) ? (
          <Button type="link" danger size="small" onClick={() => onRemove(r)}>
            {t('remove')}
          </Button>
        ) : null,
    },
  ];
  return (
    <PagedTable<TaskRow>
      columns={columns}
      rows={rows}
      loading={loading}
      pagination={pagination}
      emptyText={t('empty')}
      cardKeys={['when', 'what', 'last']}
    />
  );
}
