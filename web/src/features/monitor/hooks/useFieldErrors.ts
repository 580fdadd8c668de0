import { Code } from '@ferry/contract/client';
import { type FormInstance } from 'antd';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { formFieldError } from '../../../api/fieldError';
import { useFeedback } from '../../../ui/useFeedback';
import { formFieldOf, type MonitorFormValues } from '../utils/monitorForm';

/** The fields add, edit and check name in their refusals. */
const WIRE_FIELDS = [
  'name',
  'type',
  'target',
  'second',
  'times',
  'silentCycle',
  'notifyTimes',
  'notifyType',
  'notifyTarget',
  'description',
  'successServerId',
  'successScript',
  'successScriptAlways',
  'failServerId',
  'failScript',
  'failScriptAlways',
] as const;

/**
 * Shows a refused field (code 10003) under the form field it names; one the form does not show
 * is said in a toast. Other failures were reported by the API layer already.
 */
export function useFieldErrors(form: FormInstance<MonitorFormValues>) {
  const { message } = useFeedback();
  return (e: unknown) => {
    if (!(e instanceof ApiError) || e.code !== Code.illegalParam) return;
    const found = formFieldError(e, WIRE_FIELDS);
    const type = form.getFieldValue('type') as number;
    const path = found ? formFieldOf(found.name, type) : undefined;
    // A path the mapping checked against the form's own fields.
    const name = path as Parameters<typeof form.getFieldError>[0] | undefined;
    if (found && name) {
      form.setFields([{ name, errors: found.errors }]);
      if (form.getFieldError(name).length > 0) {
        form.scrollToField(name, { block: 'center' });
        return;
      }
    }
    void message.error(errorText(e));
  };
}
