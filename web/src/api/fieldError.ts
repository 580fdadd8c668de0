import { Code } from '@ferry/contract/client';
import { ApiError } from './ApiError';

/**
 * The form field a refused request names: 10003 messages start with the field ("ip must be an IP
 * address or a host name"); the error shown under the field is the rest. Undefined when the
 * error is something else or names a field not in `fields`.
 */
export function fieldError<F extends string>(
  err: unknown,
  fields: readonly F[],
): { name: F; errors: string[] } | undefined {
  if (!(err instanceof ApiError) || err.code !== Code.illegalParam) return undefined;
  const name = fields.find((f) => err.message.startsWith(`${f} `));
  return name ? { name, errors: [err.message.slice(name.length + 1)] } : undefined;
}
