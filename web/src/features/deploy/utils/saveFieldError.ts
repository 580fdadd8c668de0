import { ApiError } from '../../../api/ApiError';
import { fieldError } from '../../../api/fieldError';

/**
 * The form field a refused save belongs on: the field a 10003 names (with the server's words), or
 * `taken.field` with `taken.text` when the answer's reason is `taken.reason`. Undefined for any
 * other failure, which the form reports as a whole.
 */
export function saveFieldError<F extends string>(
  err: unknown,
  fields: readonly F[],
  taken: { reason: string; field: F; text: string },
): { name: F; errors: string[] } | undefined {
  if (err instanceof ApiError && err.reason === taken.reason) {
    return { name: taken.field, errors: [taken.text] };
  }
  return fieldError(err, fields);
}
