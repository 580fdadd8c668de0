import { createHash, timingSafeEqual } from 'node:crypto';
import { AGENT_SIGN_WINDOW_S } from '@ferry/contract';

/** Unix seconds, as the agent's `date +%s` (and goploy's agent) writes them. */
const TIMESTAMP = /^\d{1,12}$/;
/** base64url of 32 bytes: 43 characters and one `=` of padding (accepted without it too). */
const SIGN = /^[A-Za-z0-9_-]{43}=?$/;

/**
 * goploy's agent signature (reference §2.10): base64url(SHA-256(raw body + timestamp + key))
 * with its padding, as Go's `base64.URLEncoding` writes it.
 */
export function agentSign(raw: Buffer, timestamp: string, key: string): string {
  const digest = createHash('sha256').update(raw).update(timestamp).update(key).digest();
  return digest.toString('base64').replaceAll('+', '-').replaceAll('/', '_');
}

/** The signed query parameters when they are well formed and the timestamp is fresh. */
export function signedQuery(
  query: { timestamp?: string | undefined; sign?: string | undefined },
  now: number,
): { timestamp: string; sign: string; seconds: number } | undefined {
  const { timestamp, sign } = query;
  if (!timestamp || !sign || !TIMESTAMP.test(timestamp) || !SIGN.test(sign)) return undefined;
  const seconds = Number(timestamp);
  if (Math.abs(now / 1000 - seconds) > AGENT_SIGN_WINDOW_S) return undefined;
  return { timestamp, sign: sign.endsWith('=') ? sign : `${sign}=`, seconds };
}

/** SECURITY: whether `sign` is the signature of the body with `key`, compared in constant time. */
export function signedWith(raw: Buffer, timestamp: string, sign: string, key: string): boolean {
  const expected = Buffer.from(agentSign(raw, timestamp, key));
  const given = Buffer.from(sign);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
