/** Why a call failed: an envelope with a non-zero code, no answer at all, or no answer in time. */
export type ApiErrorKind = 'envelope' | 'network' | 'timeout';

/** A failed API call. `code` is the envelope code, or -1 when no envelope came back. */
export class ApiError extends Error {
  readonly code: number;
  readonly reason: string | undefined;
  readonly kind: ApiErrorKind;
  /** `data` of a refusing envelope, for the few answers that explain themselves with it. */
  readonly data: unknown;

  constructor(kind: ApiErrorKind, code: number, message: string, reason?: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.reason = reason;
    this.data = data;
  }
}
