import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { formFieldError } from '../../../api/fieldError';
import { useFeedback } from '../../../ui/useFeedback';

/** What a template form asks for. */
export interface TemplateFields {
  name: string;
  description: string;
}

/**
 * Shows a refused template save on its form: a taken name (code 2 `template_exists`) and field
 * errors under their fields, anything else left on a field-less form as a message. Answers
 * whether the name was taken.
 */
export function useTemplateSaveError(form: FormInstance<TemplateFields>) {
  const { t } = useTranslation('script');
  const { message } = useFeedback();
  return (err: unknown): boolean => {
    if (!(err instanceof ApiError)) return false;
    if (err.reason === 'template_exists') {
      form.setFields([{ name: 'name', errors: [t('templates.taken')] }]);
      return true;
    }
    const field = formFieldError(err, ['name', 'description']);
    if (field)
      form.setFields([{ name: field.name[0] as keyof TemplateFields, errors: field.errors }]);
    else void message.error(errorText(err));
    return false;
  };
}
