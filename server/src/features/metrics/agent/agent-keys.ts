import type { Clock } from '../../../core/clock.js';
import type { SecretBox } from '../../../core/crypto.js';

/** How long an opened key (or the absence of one) is believed before it is read again. */
const KEY_TTL_MS = 10_000;
/** Servers remembered at most; past that the cache starts over (ids guessed by a stranger). */
const MAX_ENTRIES = 10_000;

/**
 * The agents' keys, opened from the database and kept briefly, so a report costs no query and no
 * decryption most of the time, and a server with no agent is refused at once. An install on this
 * console forgets the server's entry at once; another console's within `KEY_TTL_MS`.
 */
export function createAgentKeys(deps: {
  sealedKey: (serverId: number) => Promise<string | undefined>;
  box: SecretBox;
  clock: Clock;
}) {
  const cache = new Map<number, { key: string | undefined; until: number }>();

  return {
    /** The server's key in clear; undefined when it has no agent. */
    async keyOf(serverId: number): Promise<string | undefined> {
      const now = deps.clock.now();
      const hit = cache.get(serverId);
      if (hit && hit.until > now) return hit.key;
      const sealed = await deps.sealedKey(serverId);
      const key = sealed ? deps.box.open(sealed) : undefined;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(serverId, { key, until: now + KEY_TTL_MS });
      return key;
    },
    forget(serverId: number): void {
      cache.delete(serverId);
    },
  };
}

export type AgentKeys = ReturnType<typeof createAgentKeys>;
