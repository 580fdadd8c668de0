import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { MAX_TEXT_FILE_BYTES, type FILE_COMPARE_STATES } from '@ferry/contract';
import { failed, notFound } from '../../core/errors.js';
import { mapBounded } from '../../core/map-bounded.js';
import type { RequestContext } from '../../core/http/context.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import { RemoteFileReader } from '../../infra/sftp/remote-file-reader.js';
import { SshError } from '../../infra/ssh/ssh-errors.js';
import { isNoSuchFile, sftpCalls } from '../../infra/sftp/sftp-calls.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import type { ServerAccess, UsableServer } from '../server/server.api.js';
import { copyFailure, openPinnedFile, realRootOf, resolveInside } from './copy-paths.js';

type CompareState = (typeof FILE_COMPARE_STATES)[number];

/** Servers compared at once. */
const PARALLEL = 16;

const md5 = () => createHash('md5');

/**
 * File compare: a file of the working copy against `<deploy path>/<file>` on each server bound
 * to the project, read over SFTP on the pooled connections, all servers at once (up to a cap);
 * one server down answers its own error and never holds the others.
 */
export function createFileCompare(deps: {
  projects: ProjectAccess;
  copies: WorkingCopies;
  access: ServerAccess;
}) {
  const { projects, copies, access } = deps;

  /** The working copy's file: its bytes, at most `limit` (code 2 beyond). */
  async function localBytes(p: ProjectRecord, file: string, limit: number): Promise<Buffer> {
    const root = await realRootOf(copies.dirOf(p.id));
    const real = await resolveInside(root, file, 'read');
    try {
      const { handle, size } = await openPinnedFile(root, real, file);
      try {
        if (size > limit) throw tooLarge(file);
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    } catch (err) {
      throw copyFailure('read', file, err);
    }
  }

  /** The server's file, at most `limit` bytes; undefined when there is none. */
  async function remoteBytes(server: UsableServer, file: string, limit: number) {
    const lease = await access.sftp(server);
    let how: 'close' | 'reuse' = 'close';
    try {
      const stats = await sftpCalls(lease.sftp)
        .stat(file)
        .catch((err: unknown) => {
          if (isNoSuchFile(err)) return undefined;
          throw err;
        });
      if (!stats) {
        how = 'reuse';
        return undefined;
      }
      if (!stats.isFile())
        throw failed(`${file} is not a regular file on the server`, 'not_a_file');
      if (stats.size > limit) throw tooLarge(file);
      const parts: Buffer[] = [];
      for await (const part of new RemoteFileReader(lease.sftp, file, { length: stats.size })) {
        parts.push(part as Buffer);
      }
      how = 'reuse';
      return Buffer.concat(parts);
    } finally {
      lease.release(how);
    }
  }

  const boundServers = async (p: ProjectRecord) =>
    (await projects.bindingsOf([p.id])).get(p.id)?.serverIds ?? [];

  return {
    async compare(ctx: RequestContext, input: { projectId: number; filePath: string }) {
      const p = await projects.readable(ctx, input.projectId);
      const local = md5()
        .update(await localBytes(p, input.filePath, Infinity))
        .digest('hex');
      const remotePath = posix.join(p.path, input.filePath);
      const ids = await boundServers(p);
      const one = async (id: number) => {
        let server: UsableServer | undefined;
        try {
          server = await access.usable(ctx, id);
          const bytes = await remoteBytes(server, remotePath, Infinity);
          const status: CompareState = !bytes
            ? 'remote file not exists'
            : md5().update(bytes).digest('hex') === local
              ? 'no change'
              : 'modified';
          return row(id, server, status, '');
        } catch (err) {
          // goploy's words: `client error` when the server cannot be reached, `sftp error` when
          // it was reached and reading failed.
          const reason = err instanceof Error ? err.message : String(err);
          const reached = server !== undefined && !(err instanceof SshError);
          return row(id, server, reached ? 'sftp error' : 'client error', reason);
        }
      };
      return mapBounded(ids, PARALLEL, one);
    },

    async diff(
      ctx: RequestContext,
      input: { projectId: number; serverId: number; filePath: string },
    ) {
      const p = await projects.readable(ctx, input.projectId);
      if (!(await boundServers(p)).includes(input.serverId)) throw notFound('Server');
      const server = await access.usable(ctx, input.serverId);
      const [src, dist] = await Promise.all([
        localBytes(p, input.filePath, MAX_TEXT_FILE_BYTES),
        remoteBytes(server, posix.join(p.path, input.filePath), MAX_TEXT_FILE_BYTES),
      ]);
      return { srcText: src.toString('utf8'), distText: dist?.toString('utf8') ?? '' };
    },
  };
}

export type FileCompare = ReturnType<typeof createFileCompare>;

const tooLarge = (file: string) =>
  failed(
    `${file} is larger than ${MAX_TEXT_FILE_BYTES / 1024 / 1024} MiB: too large to show`,
    'file_too_large',
  );

function row(id: number, server: UsableServer | undefined, status: CompareState, reason: string) {
  return {
    serverId: id,
    serverName: server?.name ?? '',
    serverIP: server?.ip ?? '',
    status,
    isModified: status !== 'no change',
    reason,
  };
}
