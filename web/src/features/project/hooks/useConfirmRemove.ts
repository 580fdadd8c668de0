import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import type { ProjectRow } from '../utils/ProjectRow';
import { useRemoveProject } from './useRemoveProject';

/** Asks with goploy's words before deleting a project, then deletes it. */
export function useConfirmRemove(): (project: ProjectRow) => void {
  const { t } = useTranslation('project');
  const confirm = useConfirmAction();
  const remove = useRemoveProject();
  return (project) =>
    confirm({
      title: t('remove.title', { name: project.name }),
      content: t('remove.content', { name: project.name }),
      okText: t('remove.ok'),
      run: () => remove.mutateAsync(project.id),
      done: t('remove.done', { name: project.name }),
    });
}
