import { Code } from '@ferry/contract/client';
import { ApiError } from './ApiError';

/** A form field as antd names it: `['items', 2, 'name']` for `items.2.name`. */
export type FieldPath = (string | number)[];

/**
 * A 10003 answer ("items.2.name must be unique in the group") as an error of the form field it
 * names, list positions as numbers; the error shown under the field is the rest of the message.
 * Undefined when it is another error or names no field whose first part is in `fields`.
 */
export function formFieldError(
  err: unknown,
  fields: readonly string[],
): { name: FieldPath; errors: string[] } | undefined {
  if (!(err instanceof ApiError) || err.code !== Code.illegalParam) return undefined;
  const space = err.message.indexOf(' ');
  if (space <= 0) return undefined;
  const parts = err.message.slice(0, space).split('.');
  if (!fields.includes(parts[0]!)) return undefined;
  const name = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return { name, errors: [err.message.slice(space + 1)] };
}

/**
 * The top-level form field a refused request names ("ip must be an IP address or a host name"):
 * `formFieldError` for forms without lists.
 */
export function fieldError<F extends string>(
  err: unknown,
  fields: readonly F[],
): { name: F; errors: string[] } | undefined {
  const found = formFieldError(err, fields);
  return found?.name.length === 1 ? { name: found.name[0] as F, errors: found.errors } : undefined;
}
