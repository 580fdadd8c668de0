/**
 * Issued captcha challenges: issue → check (one attempt) → consume (once), kept in the database so
 * that a challenge issued by one console is checked and consumed by any (decision 0044).
 */
import { randomBytes } from 'node:crypto';
import type { ShortLived } from '../../../db/short-lived.js';

import { checkDots } from './captcha-check.js';
import { cryptoRng, pickCharacters, renderCaptcha } from './captcha-image.js';
import type { CaptchaImage, CaptchaPoint, Rng } from './captcha-image.js';

/** Number of characters the user has to click. */
export const CAPTCHA_TARGET_COUNT = 4;

/** Renders an image for the given target characters; see {@link renderCaptcha}. */
export type CaptchaRenderer = (chars: readonly string[], rng: Rng) => CaptchaImage;

/** Options for {@link createCaptchaStore}. */
export interface CaptchaStoreOptions {
  /** Where challenges are kept: the `short_lived` rows of kind `captcha`. */
  entries: ShortLived;
  /** Clock in milliseconds; injected so expiry can be tested with a fake clock. */
  now: () => number;
  /** Lifetime of an issued challenge, and of a successful check, in ms. Default 120 000. */
  ttlMs?: number;
  /** Hard cap on stored challenges; those closest to expiry go beyond it. Default 10 000. */
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
  issue(language?: string): Promise<IssuedCaptcha>;
  /**
   * Verifies the clicks for `key`. Success marks the key checked for another TTL; any failure
   * deletes it, so each image gets exactly one attempt.
   */
  check(key: string, dots: readonly unknown[]): Promise<boolean>;
  /** True only if `key` exists, was checked and has not expired. Always deletes the key. */
  consume(key: string): Promise<boolean>;
}

interface Entry {
  points: CaptchaPoint[];
  checked: boolean;
}

function toDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * Creates a captcha store. Each step takes the entry out of the table in one statement (a check
 * puts a checked entry back), so of two consoles asked about one key only one can use it.
 */
export function createCaptchaStore(options: CaptchaStoreOptions): CaptchaStore {
  const { entries, now, ttlMs = 120_000, maxEntries = 10_000 } = options;
  const { rng = cryptoRng, render = renderCaptcha } = options;
  if (!(ttlMs > 0) || !(Number.isInteger(maxEntries) && maxEntries > 0)) {
    throw new Error('captcha store needs ttlMs > 0 and an integer maxEntries > 0');
  }
  return {
    async issue(_language?: string): Promise<IssuedCaptcha> {
      const t = now();
      const image = render(pickCharacters(CAPTCHA_TARGET_COUNT, rng), rng);
      // SECURITY: the key always comes from the CSPRNG, even when a test injects `rng`, so it
      // can never be guessed or replayed.
      const key = randomBytes(32).toString('base64url');
      await entries.put(key, { points: image.points, checked: false } satisfies Entry, t + ttlMs);
      // SECURITY: bounded storage under an issue flood (the route is rate limited too); the
      // expired go, and beyond the cap those closest to expiry.
      await entries.prune(t);
      await entries.cap(maxEntries);
      return { key, base64: toDataUrl(image.svg), thumbBase64: toDataUrl(image.thumbSvg) };
    },

    async check(key: string, dots: readonly unknown[]): Promise<boolean> {
      const t = now();
      const entry = (await entries.take(key, t)) as Entry | undefined;
      if (!entry) return false;
      // SECURITY: one attempt per image — a wrong answer, or a second check of an already
      // checked key, burns the challenge so clicks cannot be brute-forced against it.
      if (entry.checked || !checkDots(entry.points, dots)) return false;
      await entries.put(key, { points: entry.points, checked: true } satisfies Entry, t + ttlMs);
      return true;
    },

    async consume(key: string): Promise<boolean> {
      // SECURITY: single use — taken whatever the outcome so a solved captcha cannot be
      // replayed for a second login attempt.
      const entry = (await entries.take(key, now())) as Entry | undefined;
      return entry?.checked === true;
    },
  };
}
