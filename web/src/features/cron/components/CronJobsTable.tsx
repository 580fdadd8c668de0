import { DeleteOutlined, EditOutlined, HistoryOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Flex, Switch, Tag, Typography, type TableColumnType } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { MonoText } from '../../../ui/MonoText';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions, type RowActionItem } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { useBrowserPagination, type PageState } from '../../../ui/useBrowserPagination';
import { DEFAULT_PAGE_SIZE } from '../../../ui/pageSizes';
import type { CronJob } from '../utils/cronRows';
import { CronSchedule } from './CronSchedule';
import { LastRunTag } from './LastRunTag';

/** What a row's actions and switch do; the page holds the dialogs. */
export interface CronJobActions {
  onEdit: (job: CronJob) => void;
  onLogs: (job: CronJob) => void;
  onBind: (job: CronJob) => void;
  onDelete: (job: CronJob) => void;
  onToggle: (job: CronJob, enabled: boolean) => void;
}

interface CronJobsTableProps extends CronJobActions {
  jobs: readonly CronJob[];
  loading: boolean;
  /** The job whose switch is being written. */
  toggling: number | undefined;
}

/** The row's actions, each shown only to those who may use it; its runs the one always in view. */
function useRowActions(actions: CronJobActions) {
  const { t } = useTranslation('cron');
  const canEdit = usePermission([Perm.EditCron]);
  const canAdd = usePermission([Perm.AddCron]);
  const canDelete = usePermission([Perm.DeleteCron]);
  return (job: CronJob) => {
    const links: RowActionItem[] = [
      {
        key: 'logs',
        label: t('list.logs'),
        icon: <HistoryOutlined />,
        onClick: () => actions.onLogs(job),
      },
    ];
    const more: RowActionItem[] = [
      ...(canEdit
        ? [
            {
              key: 'edit',
              label: t('list.edit'),
              icon: <EditOutlined />,
              onClick: () => actions.onEdit(job),
            },
          ]
        : []),
      ...(canAdd
        ? [
            {
              key: 'bind',
              label: t('list.bind'),
              icon: <ShareAltOutlined />,
              onClick: () => actions.onBind(job),
            },
          ]
        : []),
      ...(canDelete
        ? [
            {
              key: 'delete',
              label: t('list.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              onClick: () => actions.onDelete(job),
            },
          ]
        : []),
    ];
    return <RowActions links={links} more={more} subject={job.description || job.command} />;
  };
}

/** The columns: when, what (and how its runs are kept), on or off, its last run, its actions. */
function useColumns(props: CronJobsTableProps): TableColumnType<CronJob>[] {
  const { t } = useTranslation('cron');
  const canEdit = usePermission([Perm.EditCron]);
  const actions = useActionsColumn(useRowActions(props));
  return [
    {
      key: 'expression',
      title: t('list.schedule'),
      render: (_, job) => <CronSchedule expression={job.crontabExpression} />,
    },
    {
      key: 'command',
      title: t('list.command'),
      render: (_, job) => (
        <Flex vertical gap={2} style={{ minWidth: 140, maxWidth: 220 }}>
          <MonoText style={{ wordBreak: 'break-all' }}>{job.command}</MonoText>
          {job.description ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {job.description}
            </Typography.Text>
          ) : null}
          <Flex gap={4} wrap>
            {job.singleMode === 1 ? <Tag color="processing">{t('list.single')}</Tag> : null}
            <Tag>{t(`logLevel.${job.logLevel}`)}</Tag>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('list.enabled'),
      render: (_, job) => (
        <Switch
          size="small"
          aria-label={t('list.enabledOf', { name: job.description || job.command })}
          checked={job.state === 1}
          disabled={!canEdit}
          loading={props.toggling === job.id}
          onChange={(on) => props.onToggle(job, on)}
        />
      ),
    },
    {
      key: 'lastRun',
      title: t('list.lastRun'),
      render: (_, job) => <LastRunTag run={job.lastRun} />,
    },
    actions,
  ];
}

/** The server's jobs, a page at a time; on phones a card per job. */
export function CronJobsTable(props: CronJobsTableProps): ReactElement {
  const { t } = useTranslation('cron');
  const [page, setPage] = useState<PageState>({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const pagination = useBrowserPagination(page, setPage);
  const canAdd = usePermission([Perm.AddCron]);
  return (
    <PagedTable<CronJob>
      rows={props.jobs}
      loading={props.loading}
      columns={useColumns(props)}
      pagination={pagination}
      cardKeys={['expression', 'command', 'state', 'lastRun']}
      emptyText={canAdd ? t('list.empty') : t('list.emptyReadOnly')}
    />
  );
}
