import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookProvider, WebhookReason } from '@ferry/contract';

/**
 * Gitee's signed timestamp may be this old (or this far ahead), no more: Gitee signs when it
 * sends, so minutes cover a clock's drift and the trip (decision 0036; Gitee itself allows an hour).
 */
export const GITEE_MAX_SKEW_MS = 5 * 60 * 1000;

export type Headers = Record<string, string | string[] | undefined>;

/** What a delivery's headers say about it. */
export interface DeliveryHeaders {
  provider: WebhookProvider;
  event: string;
  /** The provider's id of this delivery; '' when it sends none. */
  deliveryId: string;
}

/** A header's first value, '' when absent. */
export const header = (h: Headers, name: string): string => {
  const v = h[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** The event header of each provider and the event that deploys (reference §5.8). */
const PROVIDERS: ReadonlyArray<{
  provider: Exclude<WebhookProvider, 'unknown'>;
  eventHeader: string;
  push: string;
  idHeaders: string[];
}> = [
  {
    provider: 'github',
    eventHeader: 'x-github-event',
    push: 'push',
    idHeaders: ['x-github-delivery'],
  },
  {
    provider: 'gitlab',
    eventHeader: 'x-gitlab-event',
    push: 'Push Hook',
    idHeaders: ['x-gitlab-event-uuid', 'x-gitlab-webhook-uuid'],
  },
  {
    provider: 'gitee',
    eventHeader: 'x-gitee-event',
    push: 'Push Hook',
    idHeaders: ['x-gitee-delivery', 'x-git-oschina-event'],
  },
  { provider: 'codeup', eventHeader: 'x-codeup-event', push: 'Push Hook', idHeaders: [] },
  { provider: 'svn', eventHeader: 'x-svn-event', push: 'push', idHeaders: [] },
];

export function readDelivery(h: Headers): DeliveryHeaders {
  for (const p of PROVIDERS) {
    const event = header(h, p.eventHeader);
    if (!event) continue;
    const id = p.idHeaders.map((n) => header(h, n)).find(Boolean) ?? '';
    return { provider: p.provider, event: event.slice(0, 64), deliveryId: id.slice(0, 128) };
  }
  return { provider: 'unknown', event: '', deliveryId: '' };
}

/** Whether the event is the provider's push (the only one that deploys). */
export function isPush(d: DeliveryHeaders): boolean {
  return PROVIDERS.some((p) => p.provider === d.provider && p.push === d.event);
}

/**
 * SECURITY: equal in constant time whatever the lengths (both sides are hashed first, so the time
 * tells nothing about how much of a guess was right, nor its length).
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length > 0;
}

export interface SignedRequest {
  headers: Headers;
  /** The body exactly as received (GitHub signs these bytes). */
  raw: Buffer;
  /** SVN's `token` query parameter. */
  queryToken: string | undefined;
  now: number;
}

/**
 * SECURITY: checks the provider's proof that the sender holds `secret`: GitHub's HMAC-SHA256 of
 * the body, GitLab's and Codeup's token, Gitee's signed timestamp (or its plain password mode),
 * SVN's `token` query parameter. Answers undefined when good, else why not.
 */
export function verifySignature(
  provider: Exclude<WebhookProvider, 'unknown'>,
  secret: string,
  r: SignedRequest,
): WebhookReason | undefined {
  const given = (name: string) => header(r.headers, name);
  switch (provider) {
    case 'github': {
      const sig = given('x-hub-signature-256');
      if (!sig) return 'signature_missing';
      const expected = `sha256=${createHmac('sha256', secret).update(r.raw).digest('hex')}`;
      return sameSecret(sig.toLowerCase(), expected) ? undefined : 'signature_invalid';
    }
    case 'gitlab':
      return tokenCheck(given('x-gitlab-token'), secret);
    case 'codeup':
      return tokenCheck(given('x-codeup-token'), secret);
    case 'svn':
      return tokenCheck(r.queryToken ?? '', secret);
    case 'gitee':
      return giteeCheck(given('x-gitee-token'), given('x-gitee-timestamp'), secret, r.now);
  }
}

function tokenCheck(given: string, secret: string): WebhookReason | undefined {
  if (!given) return 'signature_missing';
  return sameSecret(given, secret) ? undefined : 'signature_invalid';
}

/** Gitee: token = base64(HMAC-SHA256(secret, `${timestamp}\n${secret}`)), timestamp in ms. */
function giteeCheck(
  token: string,
  timestamp: string,
  secret: string,
  now: number,
): WebhookReason | undefined {
  if (!token) return 'signature_missing';
  if (sameSecret(token, secret)) return undefined;
  if (!/^\d{1,16}$/.test(timestamp)) return 'signature_invalid';
  const sign = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
  // Gitee's documentation shows the sign URL-encoded as well as plain: both are accepted.
  if (!sameSecret(token, sign) && !sameSecret(urlDecoded(token), sign)) return 'signature_invalid';
  return Math.abs(now - Number(timestamp)) > GITEE_MAX_SKEW_MS ? 'signature_expired' : undefined;
}

function urlDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
