import {
  MAX_TEXT_FILE_BYTES,
  type RouteParsed,
  type SftpLogType,
  type sftpRoutes,
} from '@ferry/contract';
import type { Readable } from 'node:stream';
import type { Stats } from 'ssh2';
import { failed, invalid } from '../../core/errors.js';
import { modeString } from '../../core/file-mode.js';
import { previewTypeOf } from '../../core/http/file-preview.js';
import type { RequestContext } from '../../core/http/context.js';
import type { ServerAccess, UsableServer } from '../server/server.api.js';
import { writeAtomically } from './atomic-write.js';
import { withSftp } from './sftp-channel.js';
import { fileFailure, SftpStatus, sftpStatusOf } from './sftp-errors.js';
import type { SftpLogService } from './sftp-log.service.js';
import { baseName, joinRemote, sftpOps, type SftpOps } from './sftp-ops.js';
import { decodeText, encodeText } from './text-encoding.js';

type Input<K extends 'readFile' | 'previewFile' | FileAction> = RouteParsed<(typeof sftpRoutes)[K]>;
type FileAction = 'editFile' | 'renameFile' | 'copyFile' | 'deleteFile' | 'makeDirectory';

/** `cp -a` and `rm -rf` of a large tree may take long, not forever. */
const TREE_COMMAND_TIMEOUT_MS = 10 * 60_000;

const tooLarge = (path: string, size: number) =>
  failed(
    `${path} is too large to open as text (${size} bytes, at most ${MAX_TEXT_FILE_BYTES})`,
    'file_too_large',
  );

const notAFile = (path: string) => failed(`${path} is not a regular file`, 'not_a_file');

const exists = (path: string) => failed(`${path} already exists`, 'file_exists');

/** The file as it was read for editing, when the editor sends it back. */
interface Expected {
  size: number | undefined;
  mtime: number | undefined;
}

/** Refuses to overwrite a file that is not (or no longer) what the editor opened. */
function assertUnchanged(path: string, now: Stats | undefined, expected: Expected) {
  if (expected.size === undefined && expected.mtime === undefined) return;
  const changed =
    !now ||
    (expected.size !== undefined && now.size !== expected.size) ||
    (expected.mtime !== undefined && now.mtime !== expected.mtime);
  if (!changed) return;
  throw failed(
    now
      ? `${path} was changed on the server after it was opened; reopen it to see the changes, then edit again`
      : `${path} was removed on the server after it was opened`,
    'file_changed',
  );
}

/**
 * Refuses anything but a regular file before it is opened: opening a FIFO would block the
 * server's SFTP channel until something writes to it, a device could be endless.
 */
async function assertRegularFile(ops: SftpOps, path: string): Promise<void> {
  if (!(await ops.stat(path)).isFile()) throw notAFile(path);
}

/** Whether directory `dir` holds anything (the reason a `rmdir` failed, when it did). */
async function hasEntries(ops: SftpOps, dir: string): Promise<boolean> {
  const handle = await ops.opendir(dir);
  try {
    return ((await ops.readdir(handle)) ?? []).length > 0;
  } finally {
    await ops.close(handle).catch(() => undefined);
  }
}

/**
 * The file manager's file routes: read, preview, edit, rename, copy, delete and make directory.
 * Each checks that the caller may use the server (code 1 otherwise), works over an SFTP channel
 * of the pooled connection, and is recorded in the SFTP log whatever its outcome.
 */
export function createSftpFilesService(deps: { access: ServerAccess; logs: SftpLogService }) {
  const { access, logs } = deps;

  /** Runs `work` on an SFTP channel and logs it; failures are told as `what` failing on `path`. */
  function act<T>(
    ctx: RequestContext,
    action: { serverId: number; type: SftpLogType; path: string; detail?: string },
    what: string,
    signal: AbortSignal | undefined,
    work: (ops: SftpOps, server: UsableServer) => Promise<T>,
  ): Promise<T> {
    return logs.around(ctx, action, () =>
      withSftp(
        access,
        ctx,
        action.serverId,
        (sftp, server) =>
          work(sftpOps(sftp), server).catch((err: unknown) => {
            throw fileFailure(what, action.path, err);
          }),
        signal,
      ),
    );
  }

  /** Runs `argv` on the server; a non-zero exit fails with what the command printed. */
  async function runTreeCommand(
    server: UsableServer,
    argv: string[],
    what: string,
    path: string,
    signal: AbortSignal | undefined,
  ) {
    const r = await access.exec(
      server,
      { argv },
      { timeoutMs: TREE_COMMAND_TIMEOUT_MS, ...(signal ? { signal } : {}) },
    );
    if (r.code !== 0) {
      const said = r.stderr.trim() || `${argv[0]} exited with status ${String(r.code)}`;
      throw failed(`Cannot ${what} ${path}: ${said}`, 'file_failed');
    }
  }

  return {
    /** Text of a file for the preview and the editor, decoded from its detected encoding. */
    readFile(ctx: RequestContext, input: Input<'readFile'>, signal?: AbortSignal) {
      const { serverId, file } = input;
      return act(ctx, { serverId, type: 'PREVIEW', path: file }, 'read', signal, async (ops) => {
        await assertRegularFile(ops, file);
        const handle = await ops.open(file, 'r', 0);
        try {
          const st = await ops.fstat(handle);
          if (st.size > MAX_TEXT_FILE_BYTES) throw tooLarge(file, st.size);
          const bytes = await ops.readUpTo(handle, MAX_TEXT_FILE_BYTES + 1);
          if (bytes.length > MAX_TEXT_FILE_BYTES) throw tooLarge(file, bytes.length);
          const { content, encoding } = decodeText(file, bytes);
          return { content, encoding, size: st.size, mtime: st.mtime, mode: modeString(st.mode) };
        } finally {
          await ops.close(handle).catch(() => undefined);
        }
      });
    },

    /**
     * The file as a stream for the browser to show inline, with its type. The SFTP channel is
     * held until the stream ends or is destroyed (the browser went).
     */
    async preview(ctx: RequestContext, input: Input<'previewFile'>, signal?: AbortSignal) {
      const { id: serverId, file } = input;
      const server = await access.usable(ctx, serverId);
      return logs.around(ctx, { serverId, type: 'PREVIEW', path: file }, async () => {
        const lease = await access.sftp(server, signal ? { signal } : {});
        try {
          const ops = sftpOps(lease.sftp);
          await assertRegularFile(ops, file);
          const handle = await ops.open(file, 'r', 0);
          const st = await ops.fstat(handle).catch(async (err: unknown) => {
            await ops.close(handle).catch(() => undefined);
            throw err;
          });
          const stream: Readable = lease.sftp.createReadStream(file, { handle, autoClose: true });
          const release = () => lease.release();
          stream.once('close', release);
          stream.once('error', release);
          const fileName = baseName(file);
          return { stream, size: st.size, fileName, ...previewTypeOf(fileName) };
        } catch (err) {
          lease.release();
          throw fileFailure('preview', file, err);
        }
      });
    },

    /**
     * Writes the text back in its encoding, atomically, keeping the file's mode; refused when
     * the file changed since it was read (`size`, `mtime`). A missing file is created.
     */
    editFile(ctx: RequestContext, input: Input<'editFile'>, signal?: AbortSignal) {
      const { serverId, file } = input;
      return act(ctx, { serverId, type: 'EDIT', path: file }, 'save', signal, async (ops) => {
        const bytes = encodeText(file, input.content, input.encoding ?? 'utf-8');
        if (bytes.length > MAX_TEXT_FILE_BYTES) throw tooLarge(file, bytes.length);
        const expected = { size: input.size, mtime: input.mtime };
        const current = await ops.statIfAny(file);
        assertUnchanged(file, current, expected);
        if (current && !current.isFile()) throw notAFile(file);
        await writeAtomically(ops, {
          // Through a link, the file it leads to is replaced, not the link.
          target: current ? await ops.realpath(file) : file,
          bytes,
          mode: current ? current.mode & 0o7777 : 0o644,
          beforeReplace: async () => assertUnchanged(file, await ops.statIfAny(file), expected),
        });
      });
    },

    renameFile(ctx: RequestContext, input: Input<'renameFile'>, signal?: AbortSignal) {
      const from = joinRemote(input.dir, input.currentName);
      const to = joinRemote(input.dir, input.newName);
      const action = { serverId: input.serverId, type: 'RENAME' as const, path: from, detail: to };
      return act(ctx, action, 'rename', signal, async (ops) => {
        if (await ops.lstatIfAny(to)) throw exists(to);
        await ops.lstat(from);
        await ops.replace(from, to);
      });
    },

    /** A copy beside the original (`cp -a`: directories recursively, modes and times kept). */
    copyFile(ctx: RequestContext, input: Input<'copyFile'>, signal?: AbortSignal) {
      const from = joinRemote(input.dir, input.srcName);
      const to = joinRemote(input.dir, input.dstName);
      const action = { serverId: input.serverId, type: 'COPY' as const, path: from, detail: to };
      return act(ctx, action, 'copy', signal, async (ops, server) => {
        if (await ops.lstatIfAny(to)) throw exists(to);
        await ops.lstat(from);
        await runTreeCommand(server, ['cp', '-a', '--', from, to], 'copy', from, signal);
      });
    },

    /**
     * Removes a file, a link (not what it leads to) or an empty directory; a directory with
     * content only with `recursive: 1`. Never `/` nor the login user's home directory.
     */
    deleteFile(ctx: RequestContext, input: Input<'deleteFile'>, signal?: AbortSignal) {
      const { serverId, file, recursive } = input;
      const refuse = () => invalid('file', 'must not be / or the home directory');
      if (file === '/') throw refuse();
      const action = { serverId, type: 'DELETE' as const, path: file };
      const detail = recursive === 1 ? 'recursive' : '';
      return act(ctx, { ...action, detail }, 'delete', signal, async (ops, server) => {
        if (file === (await ops.realpath('.'))) throw refuse();
        const st = await ops.lstat(file);
        if (!st.isDirectory()) return ops.unlink(file);
        if (recursive === 1) {
          return runTreeCommand(server, ['rm', '-rf', '--', file], 'delete', file, signal);
        }
        try {
          await ops.rmdir(file);
        } catch (err) {
          if (sftpStatusOf(err) === SftpStatus.failure && (await hasEntries(ops, file))) {
            throw failed(
              `${file} is not empty; delete it with everything in it only if you are sure`,
              'directory_not_empty',
            );
          }
          throw err;
        }
      });
    },

    makeDirectory(ctx: RequestContext, input: Input<'makeDirectory'>, signal?: AbortSignal) {
      const path = joinRemote(input.dir, input.name);
      const action = { serverId: input.serverId, type: 'MKDIR' as const, path };
      return act(ctx, action, 'create', signal, async (ops) => {
        if (await ops.lstatIfAny(path)) throw exists(path);
        await ops.mkdir(path);
      });
    },
  };
}

export type SftpFilesService = ReturnType<typeof createSftpFilesService>;
