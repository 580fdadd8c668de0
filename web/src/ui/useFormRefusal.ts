import { Code } from '@ferry/contract/client';
import { type FormInstance } from 'antd';
import { ApiError } from '../api/ApiError';
import { errorText } from '../api/errorText';
import { formFieldError } from '../api/fieldError';
import { useFeedback } from './useFeedback';

/**
 * Shows a refused field (code 10003) under the form field it names, or in a toast when the form
 * has no such field. Other failures were reported by the API layer already.
 */
export function useFormRefusal<V>(form: FormInstance<V>, fields: readonly string[]) {
  const { message } = useFeedback();
  return (e: unknown) => {
    if (!(e instanceof ApiError) || e.code !== Code.illegalParam) return;
    const found = formFieldError(e, fields);
    if (found) form.setFields([{ name: found.name as never, errors: found.errors }]);
    else void message.error(errorText(e));
  };
}
