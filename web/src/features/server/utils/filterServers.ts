import { serverAddress } from './serverAddress';
import type { ServerRow } from './ServerRow';

export type StateFilter = 'all' | 'enabled' | 'disabled';

export interface ServerFilter {
  name: string;
  /** Matched against `owner@host:port` of the server and of its jump host. */
  host: string;
  state: StateFilter;
}

export const NO_FILTER: ServerFilter = { name: '', host: '', state: 'all' };

/** Whether any filter narrows the list. */
export function isFiltered(filter: ServerFilter): boolean {
  return filter.name.trim() !== '' || filter.host.trim() !== '' || filter.state !== 'all';
}

/**
 * The servers the filters let through, ignoring case and outer spaces. The list comes whole from
 * the server, so filtering in the browser answers at once and leaves the host-key warnings
 * (which concern every server) untouched.
 */
export function filterServers(list: readonly ServerRow[], filter: ServerFilter): ServerRow[] {
  const name = filter.name.trim().toLowerCase();
  const host = filter.host.trim().toLowerCase();
  return list.filter((s) => {
    if (filter.state === 'enabled' && s.state !== 1) return false;
    if (filter.state === 'disabled' && s.state === 1) return false;
    if (name && !s.name.toLowerCase().includes(name)) return false;
    if (!host) return true;
    const { target, jump } = serverAddress(s);
    return `${target} ${jump ?? ''}`.toLowerCase().includes(host);
  });
}

/** A server whose host or jump host presented a key that differs from the stored one. */
export function hasPendingHostKey(s: ServerRow): boolean {
  return s.pendingFingerprint !== '' || s.pendingJumpFingerprint !== '';
}
