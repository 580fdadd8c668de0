import { sshAddress } from '../../../ui/sshAddress';
import type { ServerRow } from './ServerRow';

/** Where the server is reached: its address, and the jump host's when it has one. */
export function serverAddress(row: ServerRow): { target: string; jump?: string } {
  const target = sshAddress(row.owner, row.ip, row.port);
  if (!row.jumpIP) return { target };
  return { target, jump: sshAddress(row.jumpOwner, row.jumpIP, row.jumpPort || 22) };
}
