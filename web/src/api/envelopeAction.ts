import { Code } from '@ferry/contract/client';

/**
 * What the client does with an envelope code (product.md §8):
 * - `ok`: hand `data` to the caller;
 * - `relogin`: one "Confirm logout" dialog offering to log in again;
 * - `leaveNamespace`: forget the namespace and log out without a word;
 * - `toast`: a red message for five seconds, and the call rejects.
 */
export type EnvelopeAction = 'ok' | 'relogin' | 'leaveNamespace' | 'toast';

export function envelopeAction(code: number): EnvelopeAction {
  switch (code) {
    case Code.ok:
      return 'ok';
    case Code.accountDisabled:
    case Code.illegalRequest:
    case Code.loginExpired:
      return 'relogin';
    case Code.namespaceInvalid:
      return 'leaveNamespace';
    default:
      return 'toast';
  }
}
