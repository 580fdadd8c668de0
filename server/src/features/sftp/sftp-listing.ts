import { Code, MAX_REMOTE_PATH, type SftpEntry } from '@ferry/contract';
import { readDirectory } from './directory-reader.js';
import { fileFailure } from './sftp-errors.js';
import type { SftpOps } from './sftp-ops.js';
import type { Job } from './sftp-socket-inbox.js';
import type { ListTarget, SocketRequest } from './sftp-socket-requests.js';
import { createRowBatcher } from './row-batcher.js';

/** What answering a request needs from the socket it came on. */
export interface ListingContext {
  ops: SftpOps;
  /** Sends one frame (as JSON). */
  send(frame: object): void;
  /** Resolves once the socket's backlog is small again (a slow browser slows the reading). */
  drained(): Promise<void>;
  /** Logs the listing of `path` (a READ row), failed when `err` is given. */
  record(path: string, err?: unknown): Promise<void>;
}

/** A refused request: code 10003 naming what is wrong, with whatever of it could be read. */
function invalidFrame(r: Extract<SocketRequest, { kind: 'invalid' }>) {
  const frame = {
    code: Code.illegalParam,
    message: r.message,
    reason: 'invalid_parameter',
    data: [],
  };
  if (r.op !== 'list') return frame;
  return {
    ...frame,
    op: 'list',
    ...(r.id !== undefined ? { id: r.id } : {}),
    ...(r.path !== undefined ? { path: r.path.slice(0, MAX_REMOTE_PATH) } : {}),
    done: true,
  };
}

async function resolve(c: ListingContext, target: ListTarget): Promise<string> {
  return target.home ? c.ops.realpath('.') : target.path;
}

/** goploy's answer: one frame with the whole directory. */
async function answerBare(c: ListingContext, target: ListTarget): Promise<void> {
  let path = target.home ? '~' : target.path;
  try {
    path = await resolve(c, target);
    const rows: SftpEntry[] = [];
    await readDirectory(c.ops, path, async (batch) => {
      rows.push(...batch);
    });
    c.send({ code: Code.ok, message: '', data: rows });
    await c.record(path);
  } catch (err) {
    const failure = fileFailure('list', path, err);
    c.send({ code: failure.code, message: failure.message, reason: failure.reason, data: [] });
    await c.record(path, failure);
  }
}

/** Ours: the directory in frames as it is read, the last one `done` with the total. */
async function streamList(c: ListingContext, job: Job, id: number, target: ListTarget) {
  let path = target.home ? '~' : target.path;
  const frame = (data: SftpEntry[], done: boolean) => ({
    code: Code.ok,
    message: '',
    data,
    op: 'list',
    id,
    path,
    done,
  });
  const batcher = createRowBatcher((rows) => {
    if (!job.cancelled) c.send(frame(rows, false));
  });
  try {
    path = await resolve(c, target);
    const total = await readDirectory(
      c.ops,
      path,
      async (rows) => {
        batcher.add(rows);
        await c.drained();
      },
      job,
    );
    const rest = batcher.rest();
    // A cancelled listing says nothing more: the browser has moved on to a newer one.
    if (!job.cancelled) c.send({ ...frame(rest, true), total });
    await c.record(path);
  } catch (err) {
    batcher.rest();
    const failure = fileFailure('list', path, err);
    // A listing cut short (a newer one, the socket ended) did not fail: it was read as asked.
    if (job.cancelled) return c.record(path);
    c.send({
      ...frame([], true),
      code: failure.code,
      message: failure.message,
      reason: failure.reason,
    });
    await c.record(path, failure);
  }
}

/** Answers one request of the socket. */
export async function answer(c: ListingContext, job: Job): Promise<void> {
  const r = job.request;
  switch (r.kind) {
    case 'invalid':
      return c.send(invalidFrame(r));
    case 'bare':
      return answerBare(c, r.target);
    case 'list':
      return streamList(c, job, r.id, r.target);
  }
}
