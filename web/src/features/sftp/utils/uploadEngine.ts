import { UPLOAD_CHUNK_BYTES } from '@ferry/contract/client';

/**
 * Resumable uploads (contract `uploadStatus`, `uploadChunk`, `uploadCancel`): each file is sent
 * in chunks from the offset the server already holds, a few files at a time. A failed chunk is
 * tried again after a growing pause; after a few failures the upload pauses with the reason, and
 * Resume asks the server for its offset again. Nothing here touches the network itself: the
 * transport does, so tests drive the engine with a fake one.
 */

/** Where one file goes. */
export interface UploadTarget {
  serverId: number;
  /** The remote path of the finished file. */
  file: string;
  size: number;
  /** The local file's modification time, Unix seconds, given to the finished file. */
  mtime: number;
}

/** A chunk was answered without moving the upload forward. */
export class UploadStalledError extends Error {
  constructor() {
    super('the server kept the same offset');
    this.name = 'UploadStalledError';
  }
}

/** The server holds another number of bytes than the chunk assumed (code 2 `upload_offset`). */
export class UploadOffsetError extends Error {
  constructor(readonly offset: number) {
    super(`the server holds ${offset} bytes`);
    this.name = 'UploadOffsetError';
  }
}

export interface UploadTransport {
  /** How many bytes of the upload to `target` the server already holds. */
  status(target: UploadTarget, signal: AbortSignal): Promise<number>;
  /** Sends `body` at `offset`; `progress(sent)` as its bytes go out. */
  chunk(
    target: UploadTarget,
    offset: number,
    body: Blob,
    progress: (sent: number) => void,
    signal: AbortSignal,
  ): Promise<{ offset: number; done: boolean }>;
  /** Drops what the server holds of an unfinished upload. */
  cancel(target: UploadTarget): Promise<void>;
}

export type UploadState = 'queued' | 'uploading' | 'paused' | 'failed' | 'done' | 'cancelled';

export interface UploadItem {
  id: number;
  serverId: number;
  /** The server's name, for the list (uploads outlive the tab they started in). */
  serverName: string;
  /** The remote path of the finished file. */
  file: string;
  /** What the list shows: the file's name, or its path inside a dropped folder. */
  name: string;
  size: number;
  /** Bytes sent, including the chunk under way. */
  sent: number;
  state: UploadState;
  /** Why it paused by itself or failed. */
  error?: string;
  /** Bytes per second over the last few seconds; 0 while not moving. */
  speed: number;
  /** Seconds left at that speed; undefined while unknown. */
  remaining?: number;
}

/** A file to upload. */
export interface UploadRequest {
  blob: Blob;
  /** Unix seconds; the finished file gets it. */
  mtime: number;
  serverId: number;
  serverName: string;
  file: string;
  name: string;
}

export interface UploadEngineOptions {
  transport: UploadTransport;
  /** Bytes per chunk. */
  chunkSize?: number;
  /** Files sent at the same time. */
  concurrency?: number;
  /** Tries of a failed step after the first, before the upload pauses. */
  retries?: number;
  /** The pause before try `attempt` (1, 2, …) of a failed step. */
  backoffMs?: (attempt: number) => number;
  /** Waits `ms`, or until `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Whether a failure may pass by trying again, and its words for the list. */
  describeError?: (error: unknown) => { retryable: boolean; message: string };
  /** An upload finished: the file is in place. */
  onDone?: (item: UploadItem) => void;
}

export const CHUNK_SIZE = UPLOAD_CHUNK_BYTES;
const SPEED_WINDOW_MS = 5000;
/** Speeds measured over less than this are not shown yet. */
const SPEED_MIN_SPAN_MS = 500;

export const defaultBackoff = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 16_000);

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

const describeAny = (error: unknown) => ({
  retryable: true,
  message: error instanceof Error ? error.message : String(error),
});

/** The byte range the next chunk carries from `offset` of a file of `size` bytes. */
export function nextChunk(offset: number, size: number, chunkSize: number): [number, number] {
  return [offset, Math.min(offset + chunkSize, size)];
}

/** Every chunk an upload of `size` bytes sends from `offset`; an empty file sends one. */
export function chunkPlan(size: number, offset: number, chunkSize: number): [number, number][] {
  const plan: [number, number][] = [nextChunk(offset, size, chunkSize)];
  for (let [, end] = plan[0]!; end < size;) {
    const next = nextChunk(end, size, chunkSize);
    plan.push(next);
    end = next[1];
  }
  return plan;
}

interface Job {
  item: UploadItem;
  blob: Blob;
  mtime: number;
  /** Set while a run is under way; a run whose controller was replaced is over. */
  controller?: AbortController;
  /** Whether the server may hold part of it (so cancelling tells the server). */
  started: boolean;
  samples: { at: number; bytes: number }[];
}

export function createUploadEngine(options: UploadEngineOptions) {
  const {
    transport,
    chunkSize = CHUNK_SIZE,
    concurrency = 2,
    retries = 4,
    backoffMs = defaultBackoff,
    sleep = abortableSleep,
    now = () => Date.now(),
    describeError = describeAny,
    onDone,
  } = options;
  const jobs = new Map<number, Job>();
  let order: number[] = [];
  let items: readonly UploadItem[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const running = new Set<number>();

  const emit = () => {
    items = order.flatMap((id) => {
      const job = jobs.get(id);
      return job ? [job.item] : [];
    });
    for (const listener of listeners) listener();
  };

  const update = (job: Job, patch: Partial<UploadItem>) => {
    job.item = { ...job.item, ...patch };
    emit();
  };

  const target = (job: Job): UploadTarget => ({
    serverId: job.item.serverId,
    file: job.item.file,
    size: job.item.size,
    mtime: job.mtime,
  });

  /** Records `sent` bytes and works out the speed over the last few seconds. */
  const progress = (job: Job, sent: number) => {
    const at = now();
    job.samples.push({ at, bytes: sent });
    while (job.samples.length > 2 && at - job.samples[1]!.at >= SPEED_WINDOW_MS) {
      job.samples.shift();
    }
    const first = job.samples[0]!;
    const span = at - first.at;
    let { speed } = job.item;
    if (span >= SPEED_MIN_SPAN_MS) speed = Math.max(0, ((sent - first.bytes) * 1000) / span);
    const remaining = speed > 0 ? (job.item.size - sent) / speed : undefined;
    update(job, { sent, speed, remaining });
  };

  const settle = (job: Job, patch: Partial<UploadItem>) => {
    job.controller = undefined;
    job.samples = [];
    running.delete(job.item.id);
    update(job, { speed: 0, remaining: undefined, ...patch });
    pump();
  };

  async function run(job: Job, controller: AbortController): Promise<void> {
    const { signal } = controller;
    const live = () => !signal.aborted && job.controller === controller;
    const size = job.item.size;
    let offset: number | undefined;
    let failures = 0;
    /** Counts a failure; false once there were too many (the upload then paused). */
    const failed = (error: unknown): boolean => {
      failures += 1;
      if (failures <= retries) return true;
      settle(job, { state: 'paused', error: describeError(error).message });
      return false;
    };
    while (live()) {
      try {
        if (offset === undefined) {
          // A new upload never continues a partial another one left (another file of the same
          // name and size would be completed with its bytes): it drops it first. Retries and
          // resumes of this upload ask the server what arrived.
          if (!job.started) {
            await transport.cancel(target(job));
            job.started = true;
          }
          offset = await transport.status(target(job), signal);
          if (!live()) return;
          job.samples = [];
          progress(job, offset);
        }
        const from: number = offset;
        const [start, end] = nextChunk(from, size, chunkSize);
        job.started = true;
        const answer = await transport.chunk(
          target(job),
          start,
          job.blob.slice(start, end),
          (sent) => {
            if (live()) progress(job, start + Math.min(sent, end - start));
          },
          signal,
        );
        if (!live()) return;
        if (answer.done) {
          settle(job, { state: 'done', sent: size, error: undefined });
          onDone?.(job.item);
          return;
        }
        // An answer that moves nothing forward would send the same chunk forever.
        if (answer.offset <= from && !failed(new UploadStalledError())) return;
        if (answer.offset > from) failures = 0;
        offset = answer.offset;
        progress(job, offset);
      } catch (error) {
        if (!live()) return;
        if (error instanceof UploadOffsetError) {
          // The server holds another part (a retried chunk had landed): go on from there.
          if (!failed(error)) return;
          offset = error.offset;
          progress(job, offset);
          continue;
        }
        const { retryable, message } = describeError(error);
        if (!retryable) {
          settle(job, { state: 'failed', error: message });
          return;
        }
        if (!failed(error)) return;
        // A chunk cut short may have landed in part: ask the server again before the retry.
        offset = undefined;
        await sleep(backoffMs(failures), signal);
      }
    }
  }

  function start(job: Job) {
    const controller = new AbortController();
    job.controller = controller;
    job.samples = [];
    running.add(job.item.id);
    update(job, { state: 'uploading', error: undefined, speed: 0, remaining: undefined });
    void run(job, controller).catch((error: unknown) => {
      if (job.controller === controller) {
        settle(job, { state: 'failed', error: describeError(error).message });
      }
    });
  }

  function pump() {
    for (const id of order) {
      if (running.size >= concurrency) return;
      const job = jobs.get(id);
      if (job?.item.state === 'queued') start(job);
    }
  }

  /** Stops a job's run, if one is under way. */
  function stop(job: Job) {
    const controller = job.controller;
    job.controller = undefined;
    running.delete(job.item.id);
    controller?.abort();
  }

  return {
    /** Queues files; they start as soon as fewer than `concurrency` are under way. */
    add(requests: readonly UploadRequest[]): number[] {
      const ids = requests.map((r) => {
        const id = nextId++;
        const item: UploadItem = {
          id,
          serverId: r.serverId,
          serverName: r.serverName,
          file: r.file,
          name: r.name,
          size: r.blob.size,
          sent: 0,
          state: 'queued',
          speed: 0,
        };
        jobs.set(id, { item, blob: r.blob, mtime: r.mtime, started: false, samples: [] });
        order.push(id);
        return id;
      });
      emit();
      pump();
      return ids;
    },
    /** Stops sending; the server keeps what it has, so Resume goes on from there. */
    pause(id: number): void {
      const job = jobs.get(id);
      if (!job || (job.item.state !== 'uploading' && job.item.state !== 'queued')) return;
      stop(job);
      update(job, { state: 'paused', error: undefined, speed: 0, remaining: undefined });
      pump();
    },
    /** Queues a paused or failed upload again; it first asks the server for its offset. */
    resume(id: number): void {
      const job = jobs.get(id);
      if (!job || (job.item.state !== 'paused' && job.item.state !== 'failed')) return;
      update(job, { state: 'queued', error: undefined });
      pump();
    },
    /** Stops an upload for good and drops the part the server holds. */
    cancel(id: number): void {
      const job = jobs.get(id);
      if (!job || job.item.state === 'done' || job.item.state === 'cancelled') return;
      stop(job);
      update(job, { state: 'cancelled', speed: 0, remaining: undefined });
      if (job.started) void transport.cancel(target(job)).catch(() => undefined);
      pump();
    },
    /** Forgets the finished and cancelled uploads. */
    clearFinished(): void {
      order = order.filter((id) => {
        const state = jobs.get(id)?.item.state;
        const keep = state !== 'done' && state !== 'cancelled';
        if (!keep) jobs.delete(id);
        return keep;
      });
      emit();
    },
    /**
     * Stops every upload without a word to the server (the page is going): a later upload of
     * the same file to the same place resumes from what arrived.
     */
    dispose(): void {
      for (const job of jobs.values()) stop(job);
    },
    /** For `useSyncExternalStore`: calls `listener` at every change. */
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The uploads as they stand; a new array after every change. */
    snapshot: (): readonly UploadItem[] => items,
  };
}

export type UploadEngine = ReturnType<typeof createUploadEngine>;
