import { terminalRoutes } from '@ferry/contract/client';
import { IDENTITY_KEY } from '../../../auth/session';

export interface TerminalTarget {
  serverId: number;
  cols: number;
  rows: number;
  /** The current namespace, sent as `G-N-ID` (a socket cannot carry the header). */
  namespaceId: number;
}

/**
 * The terminal socket's address: same origin, `wss` under https. The session cookie rides along
 * on the upgrade, so the address carries no credential.
 */
export function terminalUrl(
  location: { protocol: string; host: string },
  target: TerminalTarget,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({
    serverId: String(target.serverId),
    rows: String(target.rows),
    cols: String(target.cols),
    [IDENTITY_KEY]: String(target.namespaceId),
  });
  return `${scheme}://${location.host}${terminalRoutes.xtermConnect.path}?${query.toString()}`;
}
