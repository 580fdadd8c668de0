import { Code } from '../envelope.js';
import type { RouteDescriptor } from '../route.js';

/** The envelope codes a route can answer besides 0, from who may call it (wire-api.md §2). */
export function failureCodes(d: RouteDescriptor): number[] {
  const codes = new Set<number>([Code.deny, Code.error, Code.illegalParam]);
  if (d.access === 'public') {
    if (/[lL]ogin$/.test(d.path)) {
      codes.add(Code.accountDisabled);
      codes.add(Code.passwordExpired);
    }
  } else {
    codes.add(Code.accountDisabled);
    codes.add(Code.illegalRequest);
    codes.add(Code.namespaceInvalid);
    codes.add(Code.loginExpired);
  }
  return [...codes].sort((a, b) => a - b);
}

/** What each code means, for the document's description of the envelope. */
export const CODE_MEANINGS: Readonly<Record<number, string>> = {
  [Code.ok]: 'success',
  [Code.deny]: 'denied: no permission, or the object is not in the namespace',
  [Code.error]: 'error: the message says what',
  [Code.accountDisabled]: 'account disabled',
  [Code.illegalRequest]: 'not signed in, or an illegal request',
  [Code.namespaceInvalid]: 'not a member of the namespace in G-N-ID',
  [Code.illegalParam]: 'invalid parameter: the message names the field and the rule',
  [Code.passwordExpired]: 'the password must be changed',
  [Code.loginExpired]: 'the session expired',
};
