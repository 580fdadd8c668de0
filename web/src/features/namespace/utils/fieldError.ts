import { Code } from '@ferry/contract/client';
import { ApiError } from '../../../api/ApiError';

export interface FieldError {
  name: string;
  errors: string[];
}

/**
 * A 10003 answer ("name must be at most 20 characters", "userIds.0 must be a positive integer")
 * as an error of the form field it names, or undefined when it names none of `fields`.
 */
export function fieldErrorOf(err: unknown, fields: readonly string[]): FieldError | undefined {
  if (!(err instanceof ApiError) || err.code !== Code.illegalParam) return undefined;
  const space = err.message.indexOf(' ');
  if (space <= 0) return undefined;
  const path = err.message.slice(0, space);
  const name = fields.find((f) => path === f || path.startsWith(`${f}.`));
  return name ? { name, errors: [err.message.slice(space + 1)] } : undefined;
}
