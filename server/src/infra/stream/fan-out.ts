import { finished, type Readable, type Writable } from 'node:stream';

/** One destination of a fan-out, and why it was dropped (once it was). */
export interface FanOutSink {
  writable: Writable;
  error?: Error;
}

/**
 * Copies `source` into every sink at once: each chunk goes to every live sink (the same Buffer,
 * never copied) and the next chunk is read only when all of them took it, so the slowest live
 * sink sets the pace and memory stays at a chunk plus what each sink holds. A sink that fails is
 * dropped, with its error on `sink.error`, and the others go on; when none is left the source is
 * destroyed. A failing source fails every live sink with its error (and destroys them). Resolves,
 * never rejects, once the source ended and every live sink finished.
 */
export async function fanOut(source: Readable, sinks: readonly FanOutSink[]): Promise<void> {
  const live = () => sinks.filter((s) => !s.error);
  for (const sink of sinks) {
    sink.writable.on('error', (err: Error) => {
      sink.error ??= err;
    });
  }
  try {
    for await (const chunk of source) {
      const targets = live();
      if (targets.length === 0) return; // leaving the loop destroys the source
      await Promise.all(targets.map((sink) => put(sink, chunk as Buffer)));
    }
  } catch (err) {
    for (const sink of live()) {
      sink.error = err instanceof Error ? err : new Error(String(err));
      sink.writable.destroy(sink.error);
    }
    return;
  }
  await Promise.all(live().map(end));
}

/** Writes one chunk; waits while the sink is full, until it drains or goes. */
async function put(sink: FanOutSink, chunk: Buffer): Promise<void> {
  const w = sink.writable;
  if (w.destroyed) return gone(sink);
  if (w.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const settle = () => {
      w.off('drain', settle).off('error', settle).off('close', settle);
      resolve();
    };
    w.on('drain', settle).on('error', settle).on('close', settle);
  });
  if (w.destroyed) gone(sink);
}

function end(sink: FanOutSink): Promise<void> {
  return new Promise((resolve) => {
    finished(sink.writable, (err) => {
      if (err) sink.error ??= err;
      resolve();
    });
    sink.writable.end();
  });
}

function gone(sink: FanOutSink): void {
  sink.error ??= new Error('The destination was closed.');
}
