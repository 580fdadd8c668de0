import type { ServerRow } from './ServerRow';

/** `owner@host:port`; an IPv6 address is put in brackets so the port stays readable. */
export function sshAddress(owner: string, host: string, port: number): string {
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `${owner ? `${owner}@` : ''}${shownHost}:${port}`;
}

/** Where the server is reached: its address, and the jump host's when it has one. */
export function serverAddress(row: ServerRow): { target: string; jump?: string } {
  const target = sshAddress(row.owner, row.ip, row.port);
  if (!row.jumpIP) return { target };
  return { target, jump: sshAddress(row.jumpOwner, row.jumpIP, row.jumpPort || 22) };
}
