import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { projectFileRoutes, RouteOutput } from '@ferry/contract/client';
import type { TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { humanSize } from '../../../ui/humanSize';
import { MonoText } from '../../../ui/MonoText';
import { PagedTable } from '../../../ui/PagedTable';
import { RowActions } from '../../../ui/RowActions';
import { useActionsColumn } from '../../../ui/useActionsColumn';

export type ProjectFileRow = RouteOutput<
  typeof projectFileRoutes.getProjectFileList
>['list'][number];

interface ProjectFileTableProps {
  rows: readonly ProjectFileRow[];
  loading: boolean;
  onEdit: (row: ProjectFileRow) => void;
  onRemove: (row: ProjectFileRow) => void;
}

/** A project's files: where each lands in the working copy, its size and when it last changed. */
export function ProjectFileTable({ rows, loading, onEdit, onRemove }: ProjectFileTableProps) {
  const { t } = useTranslation('projectTools');
  const actions = useActionsColumn<ProjectFileRow>((r) => (
    <RowActions
      links={[
        { key: 'edit', icon: <EditOutlined />, label: t('edit'), onClick: () => onEdit(r) },
        {
          key: 'remove',
          icon: <DeleteOutlined />,
          label: t('remove'),
          danger: true,
          onClick: () => onRemove(r),
        },
      ]}
      subject={r.filename}
    />
  ));
  const columns: TableColumnType<ProjectFileRow>[] = [
    {
      key: 'path',
      title: t('file.path'),
      render: (_, r) => <MonoText style={{ overflowWrap: 'anywhere' }}>{r.filename}</MonoText>,
    },
    {
      key: 'size',
      title: t('file.size'),
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{humanSize(r.size)}</span>,
    },
    {
      key: 'updated',
      title: t('file.updated'),
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.updateTime}</span>,
    },
    actions,
  ];
  return (
    <PagedTable<ProjectFileRow>
      columns={columns}
      rows={rows}
      loading={loading}
      pagination={false}
      emptyText={t('file.empty')}
      cardKeys={['path', 'size', 'updated']}
    />
  );
}
