import { Code } from '@ferry/contract/client';
import { type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { useFeedback } from '../../../ui/useFeedback';
import { tabOf, wireFieldError, type ProjectTab } from '../utils/projectFields';
import { projectInput, type FormMode, type ProjectFormValues } from '../utils/projectForm';
import type { ProjectRow } from '../utils/ProjectRow';
import { useAddProject } from './useAddProject';
import { useEditProject } from './useEditProject';

/**
 * Saves the project form: adds (a new project or a copy) or edits, says so and closes. A refused
 * field is shown under the field it names, and its tab is brought forward.
 */
export function useSaveProject(
  form: FormInstance<ProjectFormValues>,
  mode: FormMode,
  project: ProjectRow | undefined,
  on: { saved: () => void; showTab: (tab: ProjectTab) => void },
) {
  const { t } = useTranslation('project');
  const { message } = useFeedback();
  const add = useAddProject();
  const edit = useEditProject();

  const save = async () => {
    // Every value, also those of fields on other tabs: the mapping picks what to send.
    const input = projectInput(form.getFieldsValue(true) as ProjectFormValues);
    try {
      if (mode === 'edit' && project) {
        await edit.mutateAsync({ id: project.id, ...input });
        void message.success(t('form.saved', { name: input.name }));
      } else {
        await add.mutateAsync(input);
        void message.success(t('form.added', { name: input.name }));
      }
      on.saved();
    } catch (e) {
      const field = wireFieldError(e);
      const tab = field ? tabOf(field.name) : undefined;
      if (field && tab) form.setFields([field]);
      // A field not on screen (a switched-off section) cannot show its error: say it aloud.
      const shown = field && tab && form.getFieldError(field.name).length > 0;
      if (shown) on.showTab(tab);
      else if (e instanceof ApiError && e.code === Code.illegalParam) {
        void message.error(errorText(e));
      }
      // Anything else was already reported by `call`.
    }
  };
  return { save, saving: add.isPending || edit.isPending };
}
