import type { Clock } from '../../../core/clock.js';
import type { SecretBox } from '../../../core/crypto.js';

/** How long an opened key (or the absence of one) is believed before it is read again. */
const KEY_TTL_MS = 10_000;
/** Servers remembered at most; past that the cache starts over (ids guessed by a stranger). */
const MAX_ENTRIES = 10_000;
/** A key that failed a signature is read again at most this often per server. */
const REREAD_MS = 1_000;

/**
 * The agents' keys, opened from the database and kept briefly, so a report costs no query and no
 * decryption most of the time, and a server with no agent is refused at once. An install on this
 * console forgets the server's entry at once; another console's install is read when a report's
 * signature fails the key remembered (`reread`), else within `KEY_TTL_MS`.
 */
export function createAgentKeys(deps: {
  sealedKey: (serverId: number) => Promise<string | undefined>;
  box: SecretBox;
  clock: Clock;
}) {
  const cache = new Map<number, { key: string | undefined; read: number }>();

  async function read(serverId: number, now: number): Promise<string | undefined> {
    const sealed = await deps.sealedKey(serverId);
    const key = sealed ? deps.box.open(sealed) : undefined;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(serverId, { key, read: now });
    return key;
  }

  return {
    /** The server's key in clear; undefined when it has no agent. */
    async keyOf(serverId: number): Promise<string | undefined> {
      const now = deps.clock.now();
      const hit = cache.get(serverId);
      if (hit && now - hit.read < KEY_TTL_MS) return hit.key;
      return read(serverId, now);
    },
    /**
     * The server's key read anew, after a signature failed the one remembered: another console
     * may have installed the agent again since. At most once per `REREAD_MS` per server, so bad
     * signatures cost no more than that.
     */
    async reread(serverId: number): Promise<string | undefined> {
      const now = deps.clock.now();
      const hit = cache.get(serverId);
      if (hit && now - hit.read < REREAD_MS) return hit.key;
      return read(serverId, now);
    },
    forget(serverId: number): void {
      cache.delete(serverId);
    },
  };
}

export type AgentKeys = ReturnType<typeof createAgentKeys>;
