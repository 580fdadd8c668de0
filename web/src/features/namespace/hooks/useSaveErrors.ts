import { Code } from '@ferry/contract/client';
import { type FormInstance } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { useFeedback } from '../../../ui/useFeedback';
import { fieldErrorOf } from '../utils/fieldError';

/**
 * Shows a refused save on its form, for saves called silent for 10003 and `nameTaken`: a field
 * error lands on the field it names, a taken name on `name`, a 10003 naming no field is toasted.
 * Every other failure was toasted by `call` already.
 */
export function useSaveErrors(form: FormInstance, fields: readonly string[], nameTaken?: string) {
  const { message } = useFeedback();
  return useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiError)) return;
      const field =
        fieldErrorOf(err, fields) ??
        (nameTaken && err.reason === nameTaken
          ? { name: 'name', errors: [errorText(err)] }
          : undefined);
      if (field) form.setFields([field]);
      else if (err.code === Code.illegalParam) void message.error(errorText(err));
    },
    [fields, form, message, nameTaken],
  );
}
