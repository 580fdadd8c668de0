import { createHash } from 'node:crypto';
import type { WebhookProvider } from '@ferry/contract';
import { header, type Headers } from './webhook-signature.js';

/** How long a claimed push stays refused (decision 0036: past every provider's resend window). */
export const CLAIM_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * SECURITY: what makes a signed push the one it is, per provider; a push any of whose keys was
 * claimed before is a replay. GitHub signs the body and not its `X-GitHub-Delivery`, so both
 * count (a copy with a new id header is still the same signed body). GitLab's Idempotency-Key is
 * the same across its own resends, else its `X-Gitlab-Event-UUID`. Gitee signs its timestamp:
 * with a project's one secret, one timestamp is one signature, so the timestamp is the key (also
 * in password mode, where it is sent unsigned; nothing derived from a secret is stored). Codeup
 * and SVN send no id: their body (an SVN hook names its revision in it).
 */
export function replayKeys(
  provider: Exclude<WebhookProvider, 'unknown'>,
  headers: Headers,
  raw: Buffer,
): string[] {
  const body = `body:${sha256(raw)}`;
  const id = (name: string) => header(headers, name).slice(0, 256);
  let keys: string[];
  switch (provider) {
    case 'github':
      keys = [id('x-github-delivery') && `id:${id('x-github-delivery')}`, body];
      break;
    case 'gitlab': {
      const given = id('idempotency-key') || id('x-gitlab-event-uuid');
      keys = [given ? `id:${given}` : body];
      break;
    }
    case 'gitee': {
      const timestamp = id('x-gitee-timestamp');
      keys = [timestamp ? `timestamp:${timestamp}` : body];
      break;
    }
    case 'codeup':
    case 'svn':
      keys = [body];
      break;
  }
  // Hashed with the provider: fixed-length keys that hold no token, one namespace per provider.
  return [...new Set(keys.filter(Boolean).map((k) => sha256(`${provider}\n${k}`)))].sort();
}
