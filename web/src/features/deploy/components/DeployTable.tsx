import { Flex, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { EnvironmentTag } from '../../../ui/EnvironmentTag';
import { PagedTable } from '../../../ui/PagedTable';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { useBrowserPagination } from '../../../ui/useBrowserPagination';
import type { CardLive } from '../utils/cardState';
import type { DeployRow } from '../utils/DeployRow';
import { CommitSummary } from './CommitSummary';
import { DeployActions } from './DeployActions';
import type { DeployHandlers } from './DeployHandlers';
import { DeployStateTag } from './DeployStateTag';
import { PinButton } from './PinButton';
import { ReviewBadge } from './ReviewBadge';

interface DeployTableProps {
  projects: readonly DeployRow[];
  liveOf: (project: DeployRow) => CardLive;
  pinned: readonly number[];
  onTogglePin: (project: DeployRow) => void;
  on: DeployHandlers;
  empty: ReactNode;
  loading: boolean;
}

/**
 * The projects as a table, for many projects on a wide screen: secondary columns give way on
 * narrower ones and the actions stay fixed on the right, so Deploy is always in sight.
 */
export function DeployTable({
  projects,
  liveOf,
  pinned,
  onTogglePin,
  on,
  empty,
  loading,
}: DeployTableProps) {
  const { t } = useTranslation('deploy');
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const pagination = useBrowserPagination(page, setPage);
  const actions = useActionsColumn<DeployRow>((p) => (
    <DeployActions project={p} live={liveOf(p)} on={on} />
  ));
  const columns: TableColumnsType<DeployRow> = [
    {
      key: 'name',
      title: t('column.name'),
      render: (_, p) => (
        <Flex gap={4} align="center">
          <PinButton name={p.name} pinned={pinned.includes(p.id)} onToggle={() => onTogglePin(p)} />
          <Typography.Text strong>{p.name}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'environment',
      title: t('column.environment'),
      responsive: ['lg'],
      render: (_, p) => <EnvironmentTag environment={p.environment} />,
    },
    {
      key: 'state',
      title: t('column.state'),
      render: (_, p) => (
        <Flex gap={4} vertical align="flex-start">
          <DeployStateTag state={liveOf(p).state} />
          <ReviewBadge project={p} onOpen={on.onReviews} />
        </Flex>
      ),
    },
    {
      key: 'commit',
      title: t('column.commit'),
      render: (_, p) => (
        <div style={{ maxWidth: 280 }}>
          <CommitSummary commit={liveOf(p).commit} />
        </div>
      ),
    },
    {
      key: 'publisher',
      title: t('column.publisher'),
      // The card and the history name who deployed; at 1440 px the actions need the room.
      responsive: ['xxl'],
      render: (_, p) =>
        p.publisherName ? (
          <Flex vertical>
            <span>{p.publisherName}</span>
            <Typography.Text type="secondary">{p.updateTime}</Typography.Text>
          </Flex>
        ) : (
          <Dash />
        ),
    },
    {
      key: 'servers',
      title: t('column.servers'),
      responsive: ['xxl'],
      render: (_, p) => p.serverIds?.length ?? 0,
    },
    actions,
  ];
  return (
    <PagedTable<DeployRow>
      rows={projects}
      loading={loading}
      columns={columns}
      pagination={pagination}
      emptyText={empty}
    />
  );
}
