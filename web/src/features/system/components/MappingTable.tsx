import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions } from '../../../ui/RowActions';
import { Text } from '../../../ui/Text';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import type { MappingRow } from '../utils/MappingRow';
import { MappingGrant } from './MappingGrant';
import { TimeCell } from './TimeCell';

interface MappingTableProps {
  rows: readonly MappingRow[];
  loading: boolean;
  onEdit: (row: MappingRow) => void;
  onDelete: (row: MappingRow) => void;
}

/**
 * The group mappings: the group (a DN cut short, whole on hover), what it gives, where it was set;
 * those from FERRY_DIRECTORY_ROLES are changed there, so their actions say so. Cards on phones.
 */
export function MappingTable({ rows, loading, onEdit, onDelete }: MappingTableProps) {
  const { t } = useTranslation('system');
  const fromEnvironment = t('signIn.fromEnvironment');
  const actions = useActionsColumn<MappingRow>((row) => {
    const blocked = row.origin === 'env' ? fromEnvironment : undefined;
    return (
      <RowActions
        subject={row.group}
        links={[
          {
            key: 'edit',
            label: t('signIn.edit'),
            icon: <EditOutlined />,
            blocked,
            onClick: () => onEdit(row),
          },
          {
            key: 'delete',
            label: t('signIn.delete'),
            icon: <DeleteOutlined />,
            danger: true,
            blocked,
            onClick: () => onDelete(row),
          },
        ]}
      />
    );
  });
  const columns: TableColumnsType<MappingRow> = [
    {
      key: 'group',
      title: t('signIn.column.group'),
      render: (_, row) => (
        <Text code ellipsis={{ tooltip: row.group }} style={{ maxWidth: 280 }}>
          {row.group}
        </Text>
      ),
    },
    {
      key: 'grant',
      title: t('signIn.column.grant'),
      render: (_, row) => (
        <MappingGrant
          superManager={row.superManager === 1}
          namespaceName={row.namespaceName}
          roleName={row.roleName}
        />
      ),
    },
    {
      key: 'origin',
      title: t('signIn.column.origin'),
      render: (_, row) =>
        row.origin === 'env' ? (
          <Tooltip title={fromEnvironment}>
            <Tag>{t('signIn.environment')}</Tag>
          </Tooltip>
        ) : (
          <Text secondary>{t('signIn.thisPage')}</Text>
        ),
    },
    {
      key: 'updateTime',
      title: t('signIn.column.updateTime'),
      dataIndex: 'updateTime',
      responsive: ['lg'],
      render: (time: string) => <TimeCell time={time} />,
    },
    actions,
  ];
  return (
    <PagedTable<MappingRow>
      rows={rows}
      loading={loading}
      columns={columns}
      emptyText={t('signIn.empty')}
      pagination={{ hideOnSinglePage: true, showSizeChanger: false, pageSize: 50 }}
      cardKeys={['group', 'grant', 'origin']}
    />
  );
}
