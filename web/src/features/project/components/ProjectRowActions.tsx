import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  NotificationOutlined,
} from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { useNavigate } from '@tanstack/react-router';
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

/**
 * Edit (EditProject) and copy into a new project (AddProject); under More the project's
 * notification log (when it notifies) and delete (DeleteProject).
 */
export function ProjectRowActions({ project, ...on }: RowHandlers & { project: ProjectRow }) {
  const { t } = useTranslation('project');
  const mayAdd = usePermission([Perm.AddProject]);
  const mayEdit = usePermission([Perm.EditProject]);
  const mayDelete = usePermission([Perm.DeleteProject]);
  const mayReadLog = usePermission([Perm.ShowNotificationPage]);
  const navigate = useNavigate();
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
  if (mayReadLog && project.notifyType !== 0) {
    more.push({
      key: 'notifyLog',
      icon: <NotificationOutlined />,
      label: t('action.notifyLog'),
      onClick: () =>
        void navigate({
          to: '/member/notification',
          search: { tab: 'delivery', projectId: project.id },
        }),
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
