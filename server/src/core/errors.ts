import { Code } from '@ferry/contract';

/**
 * The one error type services throw. It carries the envelope code, a stable `reason` and, where
 * the contract documents one, the answer's `data` (what the caller needs to go on, such as the
 * offset an upload must resume at); the error handler turns it into `{code, message, data,
 * reason}`. Anything else becomes code 2 with `data: null`.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly reason: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Code 1: no permission, or the object is not in the caller's namespace. */
export const denied = (message = 'Permission denied', reason = 'permission_denied') =>
  new AppError(Code.deny, message, reason);

/** Code 2 with a message a user understands, and the answer's `data` when the contract has one. */
export const failed = (message: string, reason: string, data: unknown = null) =>
  new AppError(Code.error, message, reason, data);

/** Code 10003 naming the field and the rule. */
export const invalid = (field: string, rule: string) =>
  new AppError(Code.illegalParam, `${field} ${rule}`, 'invalid_parameter');

/** Code 1 for an object that does not exist or belongs to another namespace: never tell which. */
export const notFound = (what: string) =>
  new AppError(Code.deny, `${what} not found or not in this namespace`, 'not_found');
