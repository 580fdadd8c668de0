import { DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import type { projectFileRoutes, RouteOutput } from '@ferry/contract/client';
import { Flex, Tag, Tooltip, type TableColumnType } from 'antd';
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
  /** A binary file is changed by uploading a new version, never edited as text. */
  onReplace: (row: ProjectFileRow) => void;
  onRemove: (row: ProjectFileRow) => void;
}

/** A project's files: where each lands in the working copy, its size and when it last changed. */
export function ProjectFileTable({
  rows,
  loading,
  onEdit,
  onReplace,
  onRemove,
}: ProjectFileTableProps) {
  const { t } = useTranslation('projectTools');
  const actions = useActionsColumn<ProjectFileRow>((r) => (
    <RowActions
      links={[
        r.binary
          ? {
              key: 'replace',
              icon: <UploadOutlined />,
              label: t('file.replace'),
              onClick: () => onReplace(r),
            }
          : { key: 'edit', icon: <EditOutlined />, label: t('edit'), onClick: () => onEdit(r) },
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
      render: (_, r) => (
        <Flex gap={6} align="center" wrap>
          <span style={{ whiteSpace: 'nowrap' }}>{humanSize(r.size)}</span>
          {r.binary ? (
            <Tooltip title={t('file.binaryHelp')}>
              <Tag style={{ marginInlineEnd: 0 }}>{t('file.binary')}</Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
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
