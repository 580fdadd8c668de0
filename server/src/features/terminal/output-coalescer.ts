/**
 * Collects output chunks and hands them on together once the current turn of the event loop is
 * over. A single keystroke's echo goes out at once (no fixed 50 ms tick as in goploy), while a
 * flood arriving in many small SSH packets becomes a few large frames.
 */
export interface OutputCoalescer {
  push(chunk: Buffer): void;
  /** Hands on whatever is pending now (before the socket closes). */
  flush(): void;
  /** Drops whatever is pending; nothing is handed on afterwards. */
  dispose(): void;
}

export function createOutputCoalescer(deliver: (data: Buffer) => void): OutputCoalescer {
  let parts: Buffer[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  let disposed = false;

  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (parts.length === 0 || disposed) return;
    const data = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    parts = [];
    deliver(data);
  };

  return {
    push(chunk) {
      if (disposed || chunk.length === 0) return;
      parts.push(chunk);
      scheduled ??= setImmediate(flush);
    },
    flush,
    dispose() {
      disposed = true;
      parts = [];
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
    },
  };
}
