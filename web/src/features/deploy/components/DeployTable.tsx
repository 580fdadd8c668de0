import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { EnvironmentTag } from '../../../ui/EnvironmentTag';
import type { CardLive } from '../utils/cardState';
import type { DeployRow } from '../utils/DeployRow';
import { CommitSummary } from './CommitSummary';
import { DeployActions } from './DeployActions';
import type { DeployHandlers } from './DeployHandlers';
import { DeployStateTag } from './DeployStateTag';
import { PinButton } from './PinButton';

interface DeployTableProps {
  projects: readonly DeployRow[];
  liveOf: (project: DeployRow) => CardLive;
  pinned: readonly number[];
  onTogglePin: (project: DeployRow) => void;
  on: DeployHandlers;
  empty: ReactNode;
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
}: DeployTableProps) {
  const { t } = useTranslation('deploy');
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
      render: (_, p) => <DeployStateTag state={liveOf(p).state} />,
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
      responsive: ['xl'],
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
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, p) => <DeployActions project={p} live={liveOf(p)} on={on} />,
    },
  ];
  return (
    <Table<DeployRow>
      rowKey="id"
      columns={columns}
      dataSource={projects}
      scroll={{ x: 'max-content' }}
      pagination={false}
      locale={{ emptyText: empty }}
    />
  );
}
