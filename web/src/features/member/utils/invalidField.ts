import { Code } from '@ferry/contract/client';
import { ApiError } from '../../../api/ApiError';

/**
 * The form field a refused request names: 10003 messages start with the field ("contact must be
 * 11 digits"). Undefined when the error is something else or names a field not on the form.
 */
export function invalidField<F extends string>(
  err: unknown,
  fields: readonly F[],
): { name: F; errors: string[] } | undefined {
  if (!(err instanceof ApiError) || err.code !== Code.illegalParam) return undefined;
  const name = fields.find((f) => err.message.startsWith(`${f} `));
  return name ? { name, errors: [err.message] } : undefined;
}
