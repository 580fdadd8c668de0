import { CopyOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Flex, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { RowAction } from '../../../ui/RowAction';
import type { ProjectRow } from '../utils/ProjectRow';

/** What a row's buttons do; the table shows only those the user may use. */
export interface RowHandlers {
  onEdit: (project: ProjectRow) => void;
  onCopy: (project: ProjectRow) => void;
  onRemove: (project: ProjectRow) => void;
}

/** Edit (EditProject), copy into a new project (AddProject), delete (DeleteProject). */
export function ProjectRowActions({ project, ...on }: RowHandlers & { project: ProjectRow }) {
  const { t } = useTranslation('project');
  const mayAdd = usePermission([Perm.AddProject]);
  const mayEdit = usePermission([Perm.EditProject]);
  const mayDelete = usePermission([Perm.DeleteProject]);
  // Below 1600px only icons, so the fixed actions column leaves room for the project's columns.
  const compact = !Grid.useBreakpoint().xxl;
  return (
    <Flex gap={4} wrap={false}>
      {mayEdit ? (
        <RowAction
          compact={compact}
          icon={<EditOutlined />}
          label={t('action.edit')}
          onClick={() => on.onEdit(project)}
        />
      ) : null}
      {mayAdd ? (
        <RowAction
          compact={compact}
          icon={<CopyOutlined />}
          label={t('action.copy')}
          onClick={() => on.onCopy(project)}
        />
      ) : null}
      {mayDelete ? (
        <RowAction
          compact={compact}
          danger
          icon={<DeleteOutlined />}
          label={t('action.delete')}
          onClick={() => on.onRemove(project)}
        />
      ) : null}
    </Flex>
  );
}
