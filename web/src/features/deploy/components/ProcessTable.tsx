import { DeleteOutlined, EditOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { projectProcessRoutes, RouteOutput } from '@ferry/contract/client';
import { Flex, Tag, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { processCommands } from '../utils/processCommands';

export type ProcessRow = RouteOutput<typeof projectProcessRoutes.getProcessList>['list'][number];

interface ProcessTableProps {
  rows: readonly ProcessRow[];
  loading: boolean;
  /** The process whose commands are offered below the list. */
  selectedId: number | undefined;
  onSelect: (row: ProcessRow) => void;
  onEdit: (row: ProcessRow) => void;
  onRemove: (row: ProcessRow) => void;
}

/** A project's processes: each one's name and the commands it has. */
export function ProcessTable(props: ProcessTableProps) {
  const { rows, loading, selectedId, onSelect, onEdit, onRemove } = props;
  const { t } = useTranslation('projectTools');
  const actions = useActionsColumn<ProcessRow>((r) => (
    <RowActions
      links={[
        {
          key: 'run',
          icon: <PlayCircleOutlined />,
          label: t('process.choose'),
          onClick: () => onSelect(r),
        },
        { key: 'edit', icon: <EditOutlined />, label: t('edit'), onClick: () => onEdit(r) },
      ]}
      more={[
        {
          key: 'remove',
          icon: <DeleteOutlined />,
          label: t('remove'),
          danger: true,
          onClick: () => onRemove(r),
        },
      ]}
      subject={r.name}
    />
  ));
  const columns: TableColumnType<ProcessRow>[] = [
    {
      key: 'name',
      title: t('process.name'),
      render: (_, r) => (
        <Typography.Text strong={r.id === selectedId} style={{ overflowWrap: 'anywhere' }}>
          {r.name}
        </Typography.Text>
      ),
    },
    {
      key: 'commands',
      title: t('process.commands'),
      render: (_, r) => (
        <Flex wrap gap={4}>
          {processCommands(r).map((c) => (
            <Tag key={c} style={{ marginInlineEnd: 0 }}>
              {t(`process.command.${c}`)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    actions,
  ];
  return (
    <PagedTable<ProcessRow>
      columns={columns}
      rows={rows}
      loading={loading}
      pagination={false}
      emptyText={t('process.empty')}
      cardKeys={['name', 'commands']}
      rowClassName={(r) => (r.id === selectedId ? 'ant-table-row-selected' : '')}
      onRow={(r) => ({ onClick: () => onSelect(r) })}
    />
  );
}
