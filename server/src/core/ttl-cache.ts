/**
 * A small map whose entries live `ttlMs`. The auth hook reads sessions, users and memberships
 * through these so a request costs no query in the common case; every change made in this
 * process drops the entries it affects at once, and other processes see it within `ttlMs`.
 */
export function createTtlCache<K, V>(opts: { ttlMs: number; now: () => number; max?: number }) {
  const entries = new Map<K, { value: V; at: number }>();
  const max = opts.max ?? 10_000;
  return {
    get(key: K): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (opts.now() - hit.at >= opts.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key: K, value: V): void {
      if (entries.size >= max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, at: opts.now() });
    },
    delete: (key: K) => entries.delete(key),
    /** Drops every entry `match` accepts. */
    deleteWhere(match: (key: K, value: V) => boolean): void {
      for (const [k, e] of entries) if (match(k, e.value)) entries.delete(k);
    },
    clear: () => entries.clear(),
  };
}
