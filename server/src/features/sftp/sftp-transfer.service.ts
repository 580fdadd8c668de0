import { posix } from 'node:path';
import type { RouteParsed, sftpRoutes } from '@ferry/contract';
import type { SFTPWrapper } from 'ssh2';
import type { z } from 'zod';
import { AppError, failed, invalid } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { Hub } from '../../core/ws/hub.js';
import { walkRemoteTree, type RemoteEntry } from '../../infra/sftp/remote-tree.js';
import { sftpCalls } from '../../infra/sftp/sftp-calls.js';
import type { ServerAccess, SftpLease } from '../server/server.api.js';
import { withSftp } from './sftp-channel.js';
import type { SftpLogService } from './sftp-log.service.js';
import { streamFailure } from './stream-failure.js';
import { bytesOf, copyEntries, type Destination } from './transfer-copy.js';
import { transferProgress } from './transfer-progress.js';

type TransferInput = RouteParsed<typeof sftpRoutes.transferFile>;
export type TransferResult = z.infer<typeof sftpRoutes.transferResult>;
type TransferFailure = z.infer<typeof sftpRoutes.transferFailure>;

/**
 * Transfers between servers through the console's memory, never its disk: the source is read
 * once and every destination written at once, each succeeding or failing on its own. The log
 * gets one TRANSFER row per transfer, on the source server, its detail naming every destination
 * with its bytes or its error.
 */
export function createSftpTransfers(deps: {
  access: ServerAccess;
  logs: SftpLogService;
  hub: Hub;
}) {
  const { access, logs, hub } = deps;

  return {
    async transfer(ctx: RequestContext, input: TransferInput, signal?: AbortSignal) {
      const { sourceServerId, sourceFile, destDir } = input;
      const name = posix.basename(sourceFile);
      if (name === '') throw invalid('sourceFile', 'must name a file or directory, not /');
      const action = { serverId: sourceServerId, type: 'TRANSFER', path: sourceFile } as const;
      let results: TransferResult[];
      try {
        const destinations = await withSftp(
          access,
          ctx,
          sourceServerId,
          async (source) => {
            const first = await sourceStats(source, sourceFile, signal);
            const opened = await openDestinations(access, ctx, input.destServerIds, signal);
            const progress = transferProgress(hub, ctx, input.transferId, opened.destinations);
            progress.start();
            try {
              const entries = await sourceEntries(source, sourceFile, first, signal);
              progress.setTotal(entries.reduce((n, e) => n + (e.kind === 'file' ? e.size : 0), 0));
              const targetRoot = posix.join(destDir, name);
              const job = { source, sourceRoot: sourceFile, entries, targetRoot, signal };
              await copyEntries({ ...job, destinations: opened.destinations });
            } catch (err) {
              for (const d of opened.destinations) d.error ??= (err as Error).message;
              throw err;
            } finally {
              progress.finish();
              opened.release();
            }
            return opened.destinations;
          },
          signal,
        );
        results = destinations.map(resultOf);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 1)) await logs.failed(ctx, action, err);
        throw err;
      }
      const detail = `to ${destDir}: ${results.map(describe).join('; ')}`;
      const failures = results.filter((r) => !r.ok);
      if (failures.length === 0) {
        await logs.ok(ctx, { ...action, detail });
        return { results };
      }
      const why = `The transfer failed for ${failures.map(describe).join('; ')}`;
      await logs.failed(ctx, { ...action, detail }, why);
      const failure: TransferFailure = {
        serverId: failures[0]!.serverId,
        serverName: failures[0]!.serverName,
        results,
      };
      throw failed(why, 'transfer_failed', failure);
    },
  };
}

export type SftpTransfers = ReturnType<typeof createSftpTransfers>;

const resultOf = (d: Destination): TransferResult => ({
  serverId: d.serverId,
  serverName: d.serverName,
  ok: d.error === undefined,
  error: d.error ?? '',
  bytes: bytesOf(d),
});

const describe = (r: TransferResult) =>
  `${r.serverName || `server ${r.serverId}`} ${r.ok ? `${r.bytes} bytes` : r.error}`;

async function sourceStats(source: SFTPWrapper, path: string, signal: AbortSignal | undefined) {
  try {
    const stats = await sftpCalls(source).stat(path);
    if (!stats.isFile() && !stats.isDirectory()) {
      throw failed(`Cannot transfer ${path}: not a file or directory`, 'file_failed');
    }
    return stats;
  } catch (err) {
    throw streamFailure('transfer', path, err, signal);
  }
}

/** The source as entries to copy: the tree of a directory, or the one file. */
async function sourceEntries(
  source: SFTPWrapper,
  path: string,
  stats: Awaited<ReturnType<typeof sourceStats>>,
  signal: AbortSignal | undefined,
): Promise<RemoteEntry[]> {
  if (stats.isFile())
    return [{ kind: 'file', path: '', mode: stats.mode & 0o7777, size: stats.size }];
  try {
    return await walkRemoteTree(sftpCalls(source), path);
  } catch (err) {
    throw streamFailure('transfer', path, err, signal);
  }
}

/**
 * A channel to every destination, each checked usable in the caller's namespace: one that is
 * not, or cannot be reached, is a destination already failed, not a failed request.
 */
async function openDestinations(
  access: ServerAccess,
  ctx: RequestContext,
  ids: readonly number[],
  signal: AbortSignal | undefined,
) {
  const leases: SftpLease[] = [];
  const destinations = await Promise.all(
    [...new Set(ids)].map(async (serverId): Promise<Destination> => {
      const d: Destination = { serverId, serverName: '', bytes: 0 };
      try {
        const server = await access.usable(ctx, serverId);
        d.serverName = server.name;
        const lease = await access.sftp(server, { signal });
        leases.push(lease);
        d.sftp = lease.sftp;
      } catch (err) {
        d.error = err instanceof Error ? err.message : String(err);
      }
      return d;
    }),
  );
  return { destinations, release: () => leases.forEach((l) => l.release()) };
}
