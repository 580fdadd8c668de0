import { Perm } from '@ferry/contract/client';
import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { ProjectRow } from '../utils/ProjectRow';
import { AutoDeployCell } from './AutoDeployCell';
import { BindingsCell } from './BindingsCell';
import { ProjectNameCell } from './ProjectNameCell';
import { ProjectRowActions, type RowHandlers } from './ProjectRowActions';
import { RepoCell } from './RepoCell';

export interface PageState {
  current: number;
  pageSize: number;
}

interface ProjectTableProps extends RowHandlers {
  projects: readonly ProjectRow[];
  loading: boolean;
  /** What the table shows when it has no rows (once loaded). */
  empty: ReactNode;
  page: PageState;
  onPageChange: (page: PageState) => void;
  serverNames: ReadonlyMap<number, string>;
  memberNames: ReadonlyMap<number, string>;
  /** The project whose auto deploy is being changed, for its switch's spinner. */
  switching?: number;
  onToggleAutoDeploy: (project: ProjectRow) => void;
  onAcceptKey: (project: ProjectRow) => void;
}

const PAGE_SIZES = [10, 20, 50, 100];

/** The projects, paged in the browser and scrolled sideways on narrow screens. */
export function ProjectTable(props: ProjectTableProps) {
  const { t } = useTranslation('project');
  const { projects, loading, empty, page, onPageChange, onEdit, onCopy, onRemove } = props;
  const mayAct = usePermission([Perm.AddProject, Perm.EditProject, Perm.DeleteProject]);

  const columns: TableColumnsType<ProjectRow> = [
    {
      key: 'name',
      title: t('column.name'),
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, p) => <ProjectNameCell project={p} />,
    },
    {
      key: 'repository',
      title: t('column.repository'),
      render: (_, p) => <RepoCell project={p} onAcceptKey={props.onAcceptKey} />,
    },
    {
      key: 'bindings',
      title: t('column.bindings'),
      render: (_, p) => (
        <BindingsCell project={p} serverNames={props.serverNames} memberNames={props.memberNames} />
      ),
    },
    {
      key: 'autoDeploy',
      title: t('column.autoDeploy'),
      render: (_, p) => (
        <AutoDeployCell
          project={p}
          busy={props.switching === p.id}
          onToggle={props.onToggleAutoDeploy}
        />
      ),
    },
  ];
  if (mayAct) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, p) => (
        <ProjectRowActions project={p} onEdit={onEdit} onCopy={onCopy} onRemove={onRemove} />
      ),
    });
  }

  return (
    <Table<ProjectRow>
      rowKey="id"
      columns={columns}
      dataSource={projects}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: loading ? <div style={{ height: 120 }} /> : empty }}
      pagination={{
        current: page.current,
        pageSize: page.pageSize,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (total) => t('total', { total }),
        onChange: (current, pageSize) =>
          onPageChange({ current: pageSize === page.pageSize ? current : 1, pageSize }),
      }}
    />
  );
}
