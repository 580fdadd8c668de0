import { CopyOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { RowActions, type RowActionItem } from '../../../ui/RowActions';
import type { ProjectRow } from '../utils/ProjectRow';

/** What a row's buttons do; the table shows only those the user may use. */
export interface RowHandlers {
  onEdit: (project: ProjectRow) => void;
  onCopy: (project: ProjectRow) => void;
  onRemove: (project: ProjectRow) => void;
}

/** Edit (EditProject) and copy into a new project (AddProject); delete (DeleteProject) under More. */
export function ProjectRowActions({ project, ...on }: RowHandlers & { project: ProjectRow }) {
  const { t } = useTranslation('project');
  const mayAdd = usePermission([Perm.AddProject]);
  const mayEdit = usePermission([Perm.EditProject]);
  const mayDelete = usePermission([Perm.DeleteProject]);
  const links: RowActionItem[] = [];
  const more: RowActionItem[] = [];
  if (mayEdit) {
    links.push({
      key: 'edit',
      icon: <EditOutlined />,
      label: t('action.edit'),
      onClick: () => on.onEdit(project),
    });
  }
  if (mayAdd) {
    links.push({
      key: 'copy',
      icon: <CopyOutlined />,
      label: t('action.copy'),
      onClick: () => on.onCopy(project),
    });
  }
  if (mayDelete) {
    more.push({
      key: 'delete',
      icon: <DeleteOutlined />,
      label: t('action.delete'),
      danger: true,
      onClick: () => on.onRemove(project),
    });
  }
  return <RowActions links={links} more={more} subject={project.name} />;
}
