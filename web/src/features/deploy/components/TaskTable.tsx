import { TaskResult, type RouteOutput, type taskRoutes } from '@ferry/contract/client';
import { DeleteOutlined, FileTextOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography, type TableColumnType } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { MonoText } from '../../../ui/MonoText';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { branchName } from '../utils/commitInfo';

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
  const actions = useActionsColumn<TaskRow>((r) => (
    <RowActions
      links={[
        ...(r.lastToken && r.lastResult === TaskResult.queued
          ? [
              {
                key: 'deploy',
                icon: <FileTextOutlined />,
                label: t('openDeploy'),
                onClick: () => onProgress(r.lastToken),
              },
            ]
          : []),
        // A one-off task that ran, or a removed one, has nothing left to remove.
        ...(r.state === 1 && (r.cron || !r.isRun)
          ? [
              {
                key: 'remove',
                icon: <DeleteOutlined />,
                label: t('remove'),
                danger: true,
                onClick: () => onRemove(r),
              },
            ]
          : []),
      ]}
      subject={r.cron || r.date}
    />
  ));
  const columns: TableColumnType<TaskRow>[] = [
    {
      key: 'when',
      title: t('when'),
      render: (_, r) =>
        r.cron ? (
          <Flex vertical>
            <MonoText>{r.cron}</MonoText>
            {r.nextRun ? (
              <Typography.Text type="secondary">
                {t('nextRun', { time: r.nextRun })}
              </Typography.Text>
            ) : null}
          </Flex>
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{r.date}</span>
        ),
    },
    {
      key: 'what',
      title: t('branch'),
      render: (_, r) => (
        <span>
          {branchName(r.branch)} {r.commit ? <MonoText>{r.commit.slice(0, 7)}</MonoText> : null}
        </span>
      ),
    },
    {
      key: 'last',
      title: t('lastRun'),
      render: (_, r) => <LastRun row={r} />,
    },
    actions,
  ];
  return (
    <PagedTable<TaskRow>
      columns={columns}
      rows={rows}
      rowKey="id"
      loading={loading}
      pagination={pagination}
      emptyText={t('empty')}
      cardKeys={['when', 'what', 'last']}
    />
  );
}

/** The last run: when, how it went (late when the console was down then), and why it was skipped. */
function LastRun({ row: r }: { row: TaskRow }) {
  const { t } = useTranslation('schedule');
  if (!r.lastRun) return r.state === 0 ? <Tag>{t('removed')}</Tag> : <>{t('notYet')}</>;
  // A reason of the scheduler's own is worded here; a deploy's refusal comes in the server's words.
  const why =
    r.lastError && i18next.exists(`schedule:skip.${r.lastError}`)
      ? t(`skip.${r.lastError}` as 'skip.task_removed', { creator: r.creator })
      : r.lastError;
  return (
    <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 260 }}>
      <Flex wrap gap={4} align="center">
        <span style={{ whiteSpace: 'nowrap' }}>{r.lastRun}</span>
        <Tag color={RESULT_COLOR[r.lastResult]} style={{ marginInlineEnd: 0 }}>
          {t(`result.${resultOf(r.lastResult)}`)}
        </Tag>
        {r.late ? (
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {t('late')}
          </Tag>
        ) : null}
      </Flex>
      {why ? (
        <Typography.Text type="secondary" ellipsis={{ tooltip: why }} style={{ maxWidth: 260 }}>
          {why}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
