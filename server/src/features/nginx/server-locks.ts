/**
 * One task at a time per server, in this console: a task waits for the ones started before it
 * on the same server (whether they succeeded or not).
 */
export function createServerLocks() {
  const tails = new Map<number, Promise<unknown>>();
  return {
    run<T>(serverId: number, task: () => Promise<T>): Promise<T> {
      const before = tails.get(serverId) ?? Promise.resolve();
      const result = before.catch(() => undefined).then(task);
      const tail = result.catch(() => undefined);
      tails.set(serverId, tail);
      void tail.then(() => {
        if (tails.get(serverId) === tail) tails.delete(serverId);
      });
      return result;
    },
  };
}
