import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_SIZE,
  chunkPlan,
  createUploadEngine,
  UploadOffsetError,
  type UploadEngine,
  type UploadEngineOptions,
  type UploadItem,
  type UploadRequest,
  type UploadTarget,
  type UploadTransport,
} from '../utils/uploadEngine';

const MiB = 1024 * 1024;

/**
 * A console that keeps what it received per file and checks each chunk's offset, as
 * `uploadChunk` does. `failNext` makes the next chunks fail; `holdChunks` keeps them pending
 * until the engine aborts them.
 */
function fakeConsole() {
  const held = new Map<string, number>();
  const chunks: { file: string; offset: number; bytes: number }[] = [];
  const statusAsked: string[] = [];
  const cancelled: string[] = [];
  const aborted: string[] = [];
  const failures: unknown[] = [];
  let holding = false;
  let clock = 0;
  const transport: UploadTransport = {
    status: (t) => {
      statusAsked.push(t.file);
      return Promise.resolve(held.get(t.file) ?? 0);
    },
    chunk: async (t: UploadTarget, offset, body, progress, signal) => {
      chunks.push({ file: t.file, offset, bytes: body.size });
      if (holding) {
        await new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            aborted.push(t.file);
            reject(new DOMException('stopped', 'AbortError'));
          }),
        );
      }
      if (failures.length > 0) throw failures.shift();
      const has = held.get(t.file) ?? 0;
      if (offset !== has) throw new UploadOffsetError(has);
      clock += 1000;
      progress(body.size);
      held.set(t.file, offset + body.size);
      return { offset: offset + body.size, done: offset + body.size === t.size };
    },
    cancel: (t) => {
      cancelled.push(t.file);
      held.delete(t.file);
      return Promise.resolve();
    },
  };
  return {
    transport,
    held,
    chunks,
    statusAsked,
    cancelled,
    aborted,
    now: () => clock,
    failNext: (...errors: unknown[]) => failures.push(...errors),
    holdChunks: (on: boolean) => {
      holding = on;
    },
  };
}

const request = (file: string, size: number): UploadRequest => ({
  blob: new Blob([new Uint8Array(size)]),
  mtime: 1_700_000_000,
  serverId: 3,
  serverName: 'web-1',
  file,
  name: file.slice(file.lastIndexOf('/') + 1),
});

/** Resolves once `ready(items)` holds; the test times out (and fails) otherwise. */
function until(engine: UploadEngine, ready: (items: readonly UploadItem[]) => boolean) {
  return new Promise<readonly UploadItem[]>((resolve) => {
    const check = () => {
      if (!ready(engine.snapshot())) return;
      stop();
      resolve(engine.snapshot());
    };
    const stop = engine.subscribe(check);
    check();
  });
}

const settled = (engine: UploadEngine) =>
  until(engine, (items) => items.every((i) => i.state !== 'queued' && i.state !== 'uploading'));

function setup(over: Partial<UploadEngineOptions> = {}) {
  const server = fakeConsole();
  const delays: number[] = [];
  const done: string[] = [];
  const engine = createUploadEngine({
    transport: server.transport,
    chunkSize: 4,
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
    now: server.now,
    onDone: (item) => done.push(item.file),
    ...over,
  });
  return { server, engine, delays, done };
}

describe('chunkPlan', () => {
  it('cuts a file into 32 MiB chunks from the offset the server holds', () => {
    expect(CHUNK_SIZE).toBe(32 * MiB);
    expect(chunkPlan(80 * MiB, 0, CHUNK_SIZE)).toEqual([
      [0, 32 * MiB],
      [32 * MiB, 64 * MiB],
      [64 * MiB, 80 * MiB],
    ]);
    expect(chunkPlan(80 * MiB, 40 * MiB, CHUNK_SIZE)).toEqual([
      [40 * MiB, 72 * MiB],
      [72 * MiB, 80 * MiB],
    ]);
  });

  it('sends one empty chunk for an empty file', () => {
    expect(chunkPlan(0, 0, CHUNK_SIZE)).toEqual([[0, 0]]);
  });
});

describe('the upload engine', () => {
  it('sends a file chunk by chunk and reports it done', async () => {
    const { server, engine, done } = setup();
    engine.add([request('/srv/a.bin', 10)]);
    const [item] = await settled(engine);
    expect(server.chunks).toEqual([
      { file: '/srv/a.bin', offset: 0, bytes: 4 },
      { file: '/srv/a.bin', offset: 4, bytes: 4 },
      { file: '/srv/a.bin', offset: 8, bytes: 2 },
    ]);
    expect(item).toMatchObject({ state: 'done', sent: 10, size: 10, speed: 0 });
    expect(done).toEqual(['/srv/a.bin']);
  });

  it('uploads an empty file with one empty chunk', async () => {
    const { server, engine } = setup();
    engine.add([request('/srv/empty', 0)]);
    expect((await settled(engine))[0]?.state).toBe('done');
    expect(server.chunks).toEqual([{ file: '/srv/empty', offset: 0, bytes: 0 }]);
  });

  it('drops a partial an earlier upload left before a new upload starts', async () => {
    const { server, engine } = setup();
    server.held.set('/srv/a.bin', 8);
    engine.add([request('/srv/a.bin', 10)]);
    await settled(engine);
    expect(server.cancelled).toEqual(['/srv/a.bin']);
    expect(server.chunks.map((c) => c.offset)).toEqual([0, 4, 8]);
  });

  it('goes on from the offset an upload_offset answer names', async () => {
    const server = fakeConsole();
    // The status says nothing arrived, but 4 bytes did by the time the chunk came (a retried
    // chunk had landed): the chunk at 0 is refused with the offset to go on from.
    server.held.set('/srv/a.bin', 4);
    const engine = createUploadEngine({
      transport: {
        ...server.transport,
        status: () => Promise.resolve(0),
        cancel: () => Promise.resolve(),
      },
      chunkSize: 4,
      sleep: () => Promise.resolve(),
    });
    engine.add([request('/srv/a.bin', 10)]);
    expect((await settled(engine))[0]?.state).toBe('done');
    expect(server.chunks.map((c) => c.offset)).toEqual([0, 4, 8]);
  });

  it('tries a failed chunk again with growing pauses, then pauses with the reason', async () => {
    const { server, engine, delays } = setup();
    const cut = new Error('the upload was cut off');
    server.failNext(cut, cut, cut, cut, cut);
    engine.add([request('/srv/a.bin', 10)]);
    const [item] = await settled(engine);
    expect(item).toMatchObject({ state: 'paused', error: 'the upload was cut off' });
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    // Each try asked the server how much it holds first.
    expect(server.statusAsked).toHaveLength(5);

    engine.resume(item!.id);
    const [resumed] = await settled(engine);
    expect(resumed?.state).toBe('done');
    expect(server.statusAsked).toHaveLength(6);
  });

  it('recovers from a few failures without pausing', async () => {
    const { server, engine, delays } = setup();
    server.failNext(new Error('cut'), new Error('cut'));
    engine.add([request('/srv/a.bin', 6)]);
    expect((await settled(engine))[0]?.state).toBe('done');
    expect(delays).toEqual([1000, 2000]);
  });

  it('fails at once on a refusal that trying again cannot change', async () => {
    const { server, engine, delays } = setup({
      describeError: () => ({ retryable: false, message: 'permission denied' }),
    });
    server.failNext(new Error('refused'));
    engine.add([request('/srv/a.bin', 6)]);
    expect((await settled(engine))[0]).toMatchObject({
      state: 'failed',
      error: 'permission denied',
    });
    expect(delays).toEqual([]);
  });

  it('cancels: stops the chunk under way and drops what the server holds', async () => {
    const { server, engine } = setup();
    server.holdChunks(true);
    const [id] = engine.add([request('/srv/a.bin', 10)]);
    await vi.waitFor(() => expect(server.chunks).toHaveLength(1));
    engine.cancel(id!);
    expect(engine.snapshot()[0]?.state).toBe('cancelled');
    expect(server.aborted).toEqual(['/srv/a.bin']);
    // Once as it started (nothing left from before), once as it was cancelled.
    expect(server.cancelled).toEqual(['/srv/a.bin', '/srv/a.bin']);
    // The aborted run sends nothing more.
    await Promise.resolve();
    expect(server.chunks).toHaveLength(1);
  });

  it('cancels a queued upload without asking the server', () => {
    const { server, engine } = setup({ concurrency: 1 });
    server.holdChunks(true);
    const [, second] = engine.add([request('/srv/a', 4), request('/srv/b', 4)]);
    engine.cancel(second!);
    // Only the first, as it started.
    expect(server.cancelled).toEqual(['/srv/a']);
    expect(engine.snapshot().map((i) => i.state)).toEqual(['uploading', 'cancelled']);
  });

  it('pauses and resumes from what the server kept', async () => {
    const { server, engine } = setup();
    server.holdChunks(true);
    const [id] = engine.add([request('/srv/a.bin', 10)]);
    await vi.waitFor(() => expect(server.chunks).toHaveLength(1));
    const cancelsBefore = server.cancelled.length;
    engine.pause(id!);
    expect(engine.snapshot()[0]).toMatchObject({ state: 'paused', speed: 0 });
    expect(server.aborted).toEqual(['/srv/a.bin']);
    // Pausing keeps what the server holds.
    expect(server.cancelled).toHaveLength(cancelsBefore);

    // The first chunk had landed in part when the connection went.
    server.held.set('/srv/a.bin', 4);
    server.holdChunks(false);
    engine.resume(id!);
    expect((await settled(engine))[0]?.state).toBe('done');
    expect(server.cancelled).toHaveLength(cancelsBefore);
    expect(server.chunks.map((c) => c.offset)).toEqual([0, 4, 8]);
  });

  it('sends two files at a time, the next as one finishes', async () => {
    const { server, engine } = setup();
    server.holdChunks(true);
    const ids = engine.add([request('/a', 4), request('/b', 4), request('/c', 4)]);
    await vi.waitFor(() => expect(server.chunks).toHaveLength(2));
    expect(engine.snapshot().map((i) => i.state)).toEqual(['uploading', 'uploading', 'queued']);
    engine.cancel(ids[0]!);
    await vi.waitFor(() => expect(server.chunks).toHaveLength(3));
    expect(server.chunks.map((c) => c.file)).toEqual(['/a', '/b', '/c']);
    expect(engine.snapshot().map((i) => i.state)).toEqual(['cancelled', 'uploading', 'uploading']);
  });

  it('measures the speed and the time left', async () => {
    const { engine } = setup();
    const seen: UploadItem[] = [];
    engine.subscribe(() => {
      const item = engine.snapshot()[0];
      if (item?.state === 'uploading') seen.push(item);
    });
    engine.add([request('/srv/a.bin', 12)]);
    await settled(engine);
    // Four bytes a (fake) second.
    expect(seen.at(-1)).toMatchObject({ sent: 12, speed: 4, remaining: 0 });
    expect(seen.find((i) => i.sent === 8)).toMatchObject({ speed: 4, remaining: 1 });
  });

  it('forgets finished uploads on request and keeps the others', async () => {
    const { server, engine } = setup();
    engine.add([request('/a', 4)]);
    await settled(engine);
    server.holdChunks(true);
    engine.add([request('/b', 4)]);
    engine.clearFinished();
    expect(engine.snapshot().map((i) => i.file)).toEqual(['/b']);
  });
});
