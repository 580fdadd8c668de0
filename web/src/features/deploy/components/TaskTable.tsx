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
  const { t } = useTranslation('deploy');
  const columns: TableColumnType<TaskRow>[] = [
    {
      key: 'when',
      title: t('schedule.when'),
      render: (_, r) =>
        r.cron ? (
          <Space direction="vertical" size={0}>
            <MonoText>{r.cron}</MonoText>
            {r.nextRun ? <span>{t('schedule.nextRun', { time: r.nextRun })}</span> : null}
          </Space>
        ) : (
          r.date
        ),
    },
    {
      key: 'what',
      title: t('schedule.branch'),
      render: (_, r) => (
        <span>
          {r.branch} {r.commit ? <MonoText>{r.commit.slice(0, 7)}</MonoText> : null}
        </span>
      ),
    },
    {
      key: 'last',
      title: t('schedule.lastRun'),
      render: (_, r) =>
        r.lastRun ? (
          <Space wrap size={4}>
            <span>{r.lastRun}</span>
            <Tag color={RESULT_COLOR[r.lastResult]} title={r.lastError || undefined}>
              {t(`schedule.result.${resultOf(r.lastResult)}`)}
            </Tag>
            {r.late ? <Tag color="orange">{t('schedule.late')}</Tag> : null}
            {r.lastToken && r.lastResult === 'queued' ? (
              <Button type="link" size="small" onClick={() => onProgress(r.lastToken)}>
                {t('schedule.openDeploy')}
              </Button>
            ) : null}
          </Space>
        ) : r.state === 0 ? (
          <Tag>{t('schedule.removed')}</Tag>
        ) : (
          t('schedule.notYet')
        ),
    },
    {
      key: 'actions',
      title: '',
      render: (_, r) =>
        r.state === 1 && (r.cron || !r.isRun) ? (
          <Button type="link" danger size="small" onClick={() => onRemove(r)}>
            {t('schedule.remove')}
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
      emptyText={t('schedule.empty')}
      cardKeys={['when', 'what', 'last']}
    />
  );
}
