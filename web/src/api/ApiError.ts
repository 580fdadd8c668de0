/** Why a call failed: an envelope with a non-zero code, no answer at all, or no answer in time. */
export type ApiErrorKind = 'envelope' | 'network' | 'timeout';

/** A failed API call. `code` is the envelope code, or -1 when no envelope came back. */
export class ApiError extends Error {
  readonly code: number;
  readonly reason: string | undefined;
  readonly kind: ApiErrorKind;

  constructor(kind: ApiErrorKind, code: number, message: string, reason?: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.reason = reason;
  }
}
