/**
 * Runs work one at a time per key, in the order it came. Work on other keys runs alongside. The
 * lock lives in this console's memory: it orders requests this console serves.
 */
export function createKeyedLock() {
  const tails = new Map<string, Promise<void>>();
  return async function exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    tails.set(key, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

export type KeyedLock = ReturnType<typeof createKeyedLock>;
