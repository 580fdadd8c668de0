import type { Client, SFTPWrapper } from 'ssh2';
import { channelOpen } from './sftp-calls.js';

interface Kept {
  sftp: SFTPWrapper;
  timer: NodeJS.Timeout;
  onClose: () => void;
}

/**
 * SFTP channels kept open between uses of one connection. Opening a channel makes the server
 * start a new `sftp-server` process (tens of milliseconds of its CPU), which an upload sent in
 * chunks would otherwise pay for every chunk. A channel is kept only when its user finished
 * cleanly (no request left unanswered, no handle left open); at most `perConnection` per
 * connection, each for `idleMs`. Kept channels hold no slot of the connection pool: with the
 * pool's 8 slots and the default 2 kept, a connection stays within OpenSSH's default of 10
 * sessions.
 */
export function createSftpChannelCache(opts: { perConnection?: number; idleMs?: number } = {}) {
  const perConnection = opts.perConnection ?? 2;
  const idleMs = opts.idleMs ?? 10_000;
  const kept = new WeakMap<Client, Set<Kept>>();

  const end = (sftp: SFTPWrapper) => {
    try {
      sftp.end();
    } catch {
      // the connection is already gone
    }
  };
  const forget = (set: Set<Kept>, entry: Kept) => {
    set.delete(entry);
    clearTimeout(entry.timer);
    entry.sftp.removeListener('close', entry.onClose);
  };

  return {
    /** An open channel kept for `client`, if there is one; the caller now owns it. */
    take(client: Client): SFTPWrapper | undefined {
      const set = kept.get(client);
      if (!set) return undefined;
      for (const entry of set) {
        forget(set, entry);
        if (channelOpen(entry.sftp)) return entry.sftp;
        end(entry.sftp);
      }
      return undefined;
    },

    /** Keeps `sftp`, a channel of `client` its owner is done with, or ends it when full or closed. */
    keep(client: Client, sftp: SFTPWrapper): void {
      let set = kept.get(client);
      if (!set) kept.set(client, (set = new Set()));
      if (!channelOpen(sftp) || set.size >= perConnection) return end(sftp);
      const entry: Kept = {
        sftp,
        timer: setTimeout(() => {
          forget(set, entry);
          end(sftp);
        }, idleMs),
        onClose: () => forget(set, entry),
      };
      entry.timer.unref();
      sftp.once('close', entry.onClose);
      set.add(entry);
    },

    /** How many channels are kept for `client` (for tests). */
    size: (client: Client) => kept.get(client)?.size ?? 0,
  };
}

export type SftpChannelCache = ReturnType<typeof createSftpChannelCache>;
