import type { SFTPWrapper } from 'ssh2';
import type { RequestContext } from '../../core/http/context.js';
import type { ServerAccess, UsableServer } from '../server/server.api.js';

/**
 * Runs `work` with an SFTP channel on the pooled connection of server `serverId`, which the
 * caller must be allowed to use (code 1 otherwise, before anything else happens). The channel
 * is released when `work` settles: for reuse when `work` resolved (it left nothing open on the
 * channel), closed when it failed.
 */
export async function withSftp<T>(
  access: ServerAccess,
  ctx: RequestContext,
  serverId: number,
  work: (sftp: SFTPWrapper, server: UsableServer) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const server = await access.usable(ctx, serverId);
  const lease = await access.sftp(server, { signal });
  let how: 'close' | 'reuse' = 'close';
  try {
    const result = await work(lease.sftp, server);
    how = 'reuse';
    return result;
  } finally {
    lease.release(how);
  }
}
