import { Perm } from '@ferry/contract/client';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { PagedTable } from '../../../ui/PagedTable';
import { useActionsColumn } from '../../../ui/useActionsColumn';
import { useBrowserPagination, type PageState } from '../../../ui/useBrowserPagination';
import type { ProjectRow } from '../utils/ProjectRow';
import { AutoDeployCell } from './AutoDeployCell';
import { BindingsCell } from './BindingsCell';
import { ProjectNameCell } from './ProjectNameCell';
import { ProjectRowActions, type RowHandlers } from './ProjectRowActions';
import { RepoCell } from './RepoCell';

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

/** The projects, paged in the browser; cards on phones. */
export function ProjectTable(props: ProjectTableProps) {
  const { t } = useTranslation('project');
  const { projects, loading, empty, page, onPageChange, onEdit, onCopy, onRemove } = props;
  const mayAct = usePermission([Perm.AddProject, Perm.EditProject, Perm.DeleteProject]);
  const pagination = useBrowserPagination(page, onPageChange);
  const actions = useActionsColumn<ProjectRow>((p) => (
    <ProjectRowActions project={p} onEdit={onEdit} onCopy={onCopy} onRemove={onRemove} />
  ));

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
      responsive: ['lg'],
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
  if (mayAct) columns.push(actions);

  return (
    <PagedTable<ProjectRow>
      columns={columns}
      rows={projects}
      loading={loading}
      emptyText={empty}
      pagination={pagination}
      cardKeys={['name', 'repository', 'autoDeploy']}
    />
  );
}
