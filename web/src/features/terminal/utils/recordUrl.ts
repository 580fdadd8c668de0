import { logRoutes } from '@ferry/contract/client';
import { IDENTITY_KEY } from '../../../auth/session';

/**
 * Where a session's recording downloads from: same origin, so the session cookie authenticates
 * it; the namespace goes in the query because a plain link cannot send the `G-N-ID` header.
 */
export function recordUrl(recordId: number, namespaceId: number): string {
  const query = new URLSearchParams({
    recordId: String(recordId),
    [IDENTITY_KEY]: String(namespaceId),
  });
  return `${logRoutes.getTerminalRecord.path}?${query.toString()}`;
}
