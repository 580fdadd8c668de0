import { Code } from '@ferry/contract/client';
import { type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { fieldError } from '../../../api/fieldError';
import { useFeedback } from '../../../ui/useFeedback';
import {
  SERVER_FORM_FIELDS,
  serverInput,
  type FormMode,
  type ServerFormValues,
} from '../utils/serverForm';
import type { ServerRow } from '../utils/ServerRow';
import { useAddServer } from './useAddServer';
import { useEditServer } from './useEditServer';

/**
 * Saves the server form: adds (a new server or a copy) or edits, says so and closes. A refused
 * field is shown on the form, under the field it names.
 */
export function useSaveServer(
  form: FormInstance<ServerFormValues>,
  mode: FormMode,
  server: ServerRow | undefined,
  onSaved: () => void,
) {
  const { t } = useTranslation('server');
  const { message } = useFeedback();
  const add = useAddServer();
  const edit = useEditServer();

  const save = async () => {
    // Every value, also those of fields hidden right now: the mapping picks what to send.
    const values = form.getFieldsValue(true) as ServerFormValues;
    const input = serverInput(values, mode);
    try {
      if (mode === 'edit' && server) {
        await edit.mutateAsync({ id: server.id, ...input });
        void message.success(t('form.saved', { name: input.name }));
      } else {
        await add.mutateAsync(input);
        void message.success(t('form.added', { name: input.name }));
      }
      onSaved();
    } catch (e) {
      const field = fieldError(e, SERVER_FORM_FIELDS);
      if (field) form.setFields([field]);
      else if (e instanceof ApiError && e.code === Code.illegalParam) {
        void message.error(errorText(e));
      }
      // Anything else was already reported by `call`.
    }
  };
  return { save, saving: add.isPending || edit.isPending };
}
