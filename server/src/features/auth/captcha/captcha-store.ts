/**
 * In-memory store for issued captcha challenges: issue → check (one attempt) → consume (once).
 */
import { randomBytes } from 'node:crypto';

import { checkDots } from './captcha-check.js';
import { cryptoRng, pickCharacters, renderCaptcha } from './captcha-image.js';
import type { CaptchaImage, CaptchaPoint, Rng } from './captcha-image.js';

/** Number of characters the user has to click. */
export const CAPTCHA_TARGET_COUNT = 4;

/** Renders an image for the given target characters; see {@link renderCaptcha}. */
export type CaptchaRenderer = (chars: readonly string[], rng: Rng) => CaptchaImage;

/** Options for {@link createCaptchaStore}. */
export interface CaptchaStoreOptions {
  /** Clock in milliseconds; injected so expiry can be tested with a fake clock. */
  now: () => number;
  /** Lifetime of an issued challenge, and of a successful check, in ms. Default 120 000. */
  ttlMs?: number;
  /** Hard cap on stored challenges; the oldest is evicted beyond it. Default 10 000. */
  maxEntries?: number;
  /** Random source for character choice and layout. Default {@link cryptoRng}. */
  rng?: Rng;
  /** Image renderer. Default {@link renderCaptcha}; tests inject a wrapper to learn the points. */
  render?: CaptchaRenderer;
}

/** What the client receives for a new challenge. */
export interface IssuedCaptcha {
  /** Opaque challenge id: 32 random bytes, base64url. */
  key: string;
  /** Main image as a `data:image/svg+xml;base64,...` URL. */
  base64: string;
  /** Thumbnail (targets in click order) as a `data:image/svg+xml;base64,...` URL. */
  thumbBase64: string;
}

/** A captcha challenge store; see {@link createCaptchaStore}. */
export interface CaptchaStore {
  /**
   * Creates a challenge with {@link CAPTCHA_TARGET_COUNT} targets.
   * @param language - Accepted for API compatibility with clients that send their locale; the
   *   stroke font is language-neutral, so it currently has no effect.
   */
  issue(language?: string): IssuedCaptcha;
  /**
   * Verifies the clicks for `key`. Success marks the key checked for another TTL; any failure
   * deletes it, so each image gets exactly one attempt.
   */
  check(key: string, dots: readonly unknown[]): boolean;
  /** True only if `key` exists, was checked and has not expired. Always deletes the key. */
  consume(key: string): boolean;
  /** Number of stored entries, including expired ones not yet purged. */
  readonly size: number;
}

interface Entry {
  points: CaptchaPoint[];
  checked: boolean;
  expiresAt: number;
}

function toDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * Bounded map of entries with lazy expiry. Insertion order doubles as expiry order (every write
 * is `now + ttl` and re-inserts), so the purge can stop at the first live entry and the first
 * key is always the oldest one to evict.
 */
class EntryTable {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;

  constructor(maxEntries: number) {
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  purgeExpired(t: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > t) break;
      this.entries.delete(key);
    }
  }

  put(key: string, entry: Entry): void {
    this.entries.delete(key);
    // SECURITY: bounded memory under an issue flood. Eviction lets a flood push out honest
    // users' challenges, so the issue endpoint still needs rate limiting in front of it.
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }

  /** Returns the live entry for `key`; an expired one is deleted and reported as missing. */
  live(key: string, t: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= t) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * Creates an in-memory captcha store. State is per process: behind several server instances,
 * issue/check/consume must reach the same one (sticky sessions) or this needs a shared backend.
 */
export function createCaptchaStore(options: CaptchaStoreOptions): CaptchaStore {
  const { now, ttlMs = 120_000, maxEntries = 10_000 } = options;
  const { rng = cryptoRng, render = renderCaptcha } = options;
  if (!(ttlMs > 0) || !(Number.isInteger(maxEntries) && maxEntries > 0)) {
    throw new Error('captcha store needs ttlMs > 0 and an integer maxEntries > 0');
  }
  const table = new EntryTable(maxEntries);
  // Every operation starts here so expired entries are reclaimed without a timer.
  const tick = (): number => {
    const t = now();
    table.purgeExpired(t);
    return t;
  };

  return {
    issue(_language?: string): IssuedCaptcha {
      const t = tick();
      const image = render(pickCharacters(CAPTCHA_TARGET_COUNT, rng), rng);
      // SECURITY: the key always comes from the CSPRNG, even when a test injects `rng`, so it
      // can never be guessed or replayed.
      const key = randomBytes(32).toString('base64url');
      table.put(key, { points: image.points, checked: false, expiresAt: t + ttlMs });
      return { key, base64: toDataUrl(image.svg), thumbBase64: toDataUrl(image.thumbSvg) };
    },

    check(key: string, dots: readonly unknown[]): boolean {
      const t = tick();
      const entry = table.live(key, t);
      if (!entry) return false;
      // SECURITY: one attempt per image — a wrong answer, or a second check of an already
      // checked key, burns the challenge so clicks cannot be brute-forced against it.
      if (entry.checked || !checkDots(entry.points, dots)) {
        table.delete(key);
        return false;
      }
      table.put(key, { points: entry.points, checked: true, expiresAt: t + ttlMs });
      return true;
    },

    consume(key: string): boolean {
      const entry = table.live(key, tick());
      // SECURITY: single use — delete whatever the outcome so a solved captcha cannot be
      // replayed for a second login attempt.
      table.delete(key);
      return entry?.checked === true;
    },

    get size(): number {
      return table.size;
    },
  };
}
