import { SshError } from './ssh-errors.js';

/** Hands the slots back (calling it twice is fine). */
export type ReleaseSlots = () => void;

export interface ConnectionBudget {
  /**
   * Takes `count` slots of the server's budget at once (all or none, so two callers that each
   * need two never hold one each and wait for ever). Waits in FIFO order while they are taken;
   * aborting `signal` gives up the wait.
   */
  take(serverId: number, count?: number, signal?: AbortSignal): Promise<ReleaseSlots>;
  /** Slots of the server now taken (for tests and logs). */
  inUse(serverId: number): number;
}

interface Waiter {
  count: number;
  grant(): void;
}

/**
 * Every SSH connection the console opens to a server counts against one per-server budget:
 * terminals, the pooled connection of commands, a deploy's connection and the ssh that rsync
 * starts. sshd refuses a burst beyond its MaxStartups (10 by default) and the console stays under
 * it. A request for more slots than the budget has is cut to the budget.
 */
export function createConnectionBudget(maxPerServer: number): ConnectionBudget {
  const max = Math.max(1, maxPerServer);
  const used = new Map<number, number>();
  const queues = new Map<number, Waiter[]>();

  const grantWaiting = (serverId: number) => {
    const queue = queues.get(serverId) ?? [];
    while (queue.length > 0 && (used.get(serverId) ?? 0) + queue[0]!.count <= max) {
      const next = queue.shift()!;
      used.set(serverId, (used.get(serverId) ?? 0) + next.count);
      next.grant();
    }
    if (queue.length === 0) queues.delete(serverId);
  };

  const releaser = (serverId: number, count: number): ReleaseSlots => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (used.get(serverId) ?? 0) - count;
      if (left > 0) used.set(serverId, left);
      else used.delete(serverId);
      grantWaiting(serverId);
    };
  };

  return {
    take(serverId, count = 1, signal) {
      const n = Math.min(Math.max(1, count), max);
      if (signal?.aborted) {
        return Promise.reject(new SshError('ssh_closed', 'The operation was cancelled.'));
      }
      const queue = queues.get(serverId) ?? [];
      if (queue.length === 0 && (used.get(serverId) ?? 0) + n <= max) {
        used.set(serverId, (used.get(serverId) ?? 0) + n);
        return Promise.resolve(releaser(serverId, n));
      }
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          const q = queues.get(serverId) ?? [];
          const i = q.indexOf(waiter);
          if (i >= 0) q.splice(i, 1);
          grantWaiting(serverId); // the one that left may have held up smaller requests
          reject(
            new SshError('ssh_closed', 'Waiting for a connection to the server was cancelled.'),
          );
        };
        const waiter: Waiter = {
          count: n,
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(releaser(serverId, n));
          },
        };
        queue.push(waiter);
        queues.set(serverId, queue);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    inUse: (serverId) => used.get(serverId) ?? 0,
  };
}
