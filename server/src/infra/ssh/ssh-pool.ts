import type { Client } from 'ssh2';
import { SshError } from './ssh-errors.js';

/** One use of a pooled connection; `release()` hands the slot back (calling it twice is fine). */
export interface SshLease {
  client: Client;
  release(): void;
}

export interface SshPool {
  /**
   * The server's pooled connection, opened with `connect` when there is none. At most
   * `maxChannelsPerServer` leases per server are out at once; later callers wait in FIFO order
   * (aborting `signal` gives up the wait). Rejects with what `connect` rejected with.
   */
  lease(serverId: number, connect: () => Promise<Client>, signal?: AbortSignal): Promise<SshLease>;
  /**
   * Ends the server's connection now (its settings changed or it was disabled): leases still out
   * fail on their next use and waiting callers are rejected with `ssh_closed`.
   */
  drop(serverId: number): void;
  /** Ends every connection; later leases are refused. */
  close(): void;
}

/** One server's connection, its lease count and its queue of waiting callers. */
interface Entry {
  client: Client | undefined;
  pending: Promise<Client> | undefined;
  active: number;
  waiters: Waiter[];
  idleTimer: NodeJS.Timeout | undefined;
  dropped: boolean;
}

interface Waiter {
  grant(): void;
  refuse(err: Error): void;
}

const closedError = () =>
  new SshError('ssh_closed', 'The connection to the server was closed by the console.');

/**
 * Keeps one authenticated connection per server and multiplexes channels over it (goploy opened a
 * new connection for every operation). Connections idle for `idleMs` are ended.
 */
export function createSshPool(opts: { maxChannelsPerServer?: number; idleMs?: number } = {}) {
  const max = opts.maxChannelsPerServer ?? 8;
  const idleMs = opts.idleMs ?? 60_000;
  const entries = new Map<number, Entry>();
  let closed = false;

  const entryOf = (serverId: number): Entry => {
    let entry = entries.get(serverId);
    if (!entry) {
      entry = {
        client: undefined,
        pending: undefined,
        active: 0,
        waiters: [],
        idleTimer: undefined,
        dropped: false,
      };
      entries.set(serverId, entry);
    }
    return entry;
  };

  const end = (serverId: number, entry: Entry) => {
    entry.dropped = true;
    clearTimeout(entry.idleTimer);
    if (entries.get(serverId) === entry) entries.delete(serverId);
    entry.client?.end();
    entry.client = undefined;
    for (const w of entry.waiters.splice(0)) w.refuse(closedError());
  };

  /** Gives the slot to the next waiter, or counts it free and starts the idle clock. */
  const freeSlot = (serverId: number, entry: Entry) => {
    const next = entry.waiters.shift();
    if (next) return next.grant();
    entry.active--;
    if (entry.active > 0 || entry.dropped) return;
    entry.idleTimer = setTimeout(() => {
      if (entry.active === 0) end(serverId, entry);
    }, idleMs);
    entry.idleTimer.unref();
  };

  const takeSlot = (entry: Entry, signal: AbortSignal | undefined): Promise<void> => {
    if (entry.active < max) {
      entry.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        entry.waiters = entry.waiters.filter((w) => w !== waiter);
        reject(new SshError('ssh_closed', 'Waiting for a connection to the server was cancelled.'));
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        refuse: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      entry.waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  };

  /** The entry's open client, or one connection attempt shared by every caller waiting for it. */
  const clientOf = (entry: Entry, connect: () => Promise<Client>): Promise<Client> => {
    if (entry.client) return Promise.resolve(entry.client);
    entry.pending ??= connect()
      .then((client) => {
        if (entry.dropped) {
          client.end();
          throw closedError();
        }
        entry.client = client;
        client.once('close', () => {
          if (entry.client === client) entry.client = undefined;
        });
        return client;
      })
      .finally(() => {
        entry.pending = undefined;
      });
    return entry.pending;
  };

  const pool: SshPool = {
    async lease(serverId, connect, signal) {
      if (closed) throw closedError();
      if (signal?.aborted) throw new SshError('ssh_closed', 'The operation was cancelled.');
      const entry = entryOf(serverId);
      await takeSlot(entry, signal);
      clearTimeout(entry.idleTimer);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        freeSlot(serverId, entry);
      };
      try {
        const client = await clientOf(entry, connect);
        return { client, release };
      } catch (e) {
        release();
        throw e;
      }
    },

    drop(serverId) {
      const entry = entries.get(serverId);
      if (entry) end(serverId, entry);
    },

    close() {
      closed = true;
      for (const [serverId, entry] of [...entries]) end(serverId, entry);
    },
  };
  return pool;
}
