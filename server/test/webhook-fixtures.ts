import { createHmac } from 'node:crypto';
import type { Envelope } from '@ferry/contract';
import type { TestApp } from './build-test-app.js';
import type { Actor } from './factories.js';

export type Provider =
  'github' | 'github-form' | 'gitlab' | 'gitee' | 'gitee-password' | 'codeup' | 'svn';

export interface Push {
  ref?: string;
  after?: string;
  /** The event header's value; default the provider's push event. */
  event?: string;
  /** The secret the sender signs with; undefined sends no signature at all. */
  secret?: string | undefined;
  /** Gitee's timestamp (ms), sent in both of its modes; default now (`freshNow`). */
  timestamp?: number;
  /** GitHub's `X-GitHub-Delivery`, GitLab's `X-Gitlab-Event-UUID`. */
  deliveryId?: string;
}

const PUSH_EVENTS: Record<Provider, [string, string]> = {
  github: ['x-github-event', 'push'],
  'github-form': ['x-github-event', 'push'],
  gitlab: ['x-gitlab-event', 'Push Hook'],
  gitee: ['x-gitee-event', 'Push Hook'],
  'gitee-password': ['x-gitee-event', 'Push Hook'],
  codeup: ['x-codeup-event', 'Push Hook'],
  svn: ['x-svn-event', 'push'],
};

let lastNow = 0;

/**
 * Now (ms), later than any time this answered before: Gitee's timestamp is what makes one of its
 * deliveries differ from another, so two sent within a millisecond must not share it.
 */
export function freshNow(): number {
  lastNow = Math.max(Date.now(), lastNow + 1);
  return lastNow;
}

/** The headers, query and body a provider sends for a push, signed as that provider signs. */
export function pushRequest(provider: Provider, push: Push) {
  const json = JSON.stringify({ ref: push.ref ?? 'refs/heads/main', after: push.after });
  const form = provider === 'github-form';
  const body = form ? new URLSearchParams({ payload: json }).toString() : json;
  const [eventHeader, pushEvent] = PUSH_EVENTS[provider];
  const headers: Record<string, string> = {
    'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    [eventHeader]: push.event ?? pushEvent,
  };
  if (push.deliveryId && provider.startsWith('github')) {
    headers['x-github-delivery'] = push.deliveryId;
  }
  if (push.deliveryId && provider === 'gitlab') headers['x-gitlab-event-uuid'] = push.deliveryId;
  const query: Record<string, string> = {};
  const secret = push.secret;
  if (secret !== undefined) {
    if (provider === 'github' || form) {
      const sig = createHmac('sha256', secret).update(body).digest('hex');
      headers['x-hub-signature-256'] = `sha256=${sig}`;
    } else if (provider === 'gitlab') headers['x-gitlab-token'] = secret;
    else if (provider === 'codeup') headers['x-codeup-token'] = secret;
    else if (provider === 'gitee-password') {
      headers['x-gitee-timestamp'] = String(push.timestamp ?? freshNow());
      headers['x-gitee-token'] = secret;
    } else if (provider === 'svn') query.token = secret;
    else {
      const ts = String(push.timestamp ?? freshNow());
      headers['x-gitee-timestamp'] = ts;
      headers['x-gitee-token'] = createHmac('sha256', secret)
        .update(`${ts}\n${secret}`)
        .digest('base64');
    }
  }
  return { headers, query, body };
}

/** A delivery as a provider sends it: headers, query and the body's exact text. */
export interface DeliveryRequest {
  headers: Record<string, string>;
  query: Record<string, string>;
  body: string;
}

/**
 * Sends a delivery to `/deploy/webhook?project_id=`, byte for byte (a captured one sent again is
 * this), from `remoteAddress` (default 127.0.0.1), and answers the envelope.
 */
export async function send(
  t: TestApp,
  projectId: number,
  r: DeliveryRequest,
  remoteAddress?: string,
) {
  const res = await t.fastify.inject({
    method: 'POST',
    url: '/deploy/webhook',
    query: { project_id: String(projectId), ...r.query },
    headers: r.headers,
    payload: r.body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return res.json<Envelope<null>>();
}

/** Sends a push to `/deploy/webhook?project_id=` and answers the envelope. */
export function deliver(t: TestApp, projectId: number, provider: Provider, push: Push = {}) {
  return send(t, projectId, pushRequest(provider, push));
}

/** A new webhook secret for the project, as the drawer's button asks for it. */
export async function resetSecret(t: TestApp, actor: Actor, id: number, ns = 1): Promise<string> {
  const r = await t.call<{ secret: string }>('PUT', '/project/resetWebhookSecret', {
    token: actor.token,
    ns,
    body: { id },
  });
  if (r.code !== 0) throw new Error(`reset secret: ${r.code} ${r.message}`);
  return r.data.secret;
}
