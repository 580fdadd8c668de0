/** Envelope codes of the wire API (wire-api.md §2). Every API answer is HTTP 200 with one of them. */
export const Code = {
  ok: 0,
  deny: 1,
  error: 2,
  accountDisabled: 10000,
  illegalRequest: 10001,
  namespaceInvalid: 10002,
  illegalParam: 10003,
  passwordExpired: 10004,
  loginExpired: 10086,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/**
 * `{code, message, data}`; `reason` is our addition: a stable snake_case id the web app uses as an
 * i18n key. Clients that ignore unknown fields keep working.
 */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  reason?: string;
}
