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
  /** Gitee's timestamp (ms); default now. */
  timestamp?: number;
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
  if (push.deliveryId) headers['x-github-delivery'] = push.deliveryId;
  const query: Record<string, string> = {};
  const secret = push.secret;
  if (secret !== undefined) {
    if (provider === 'github' || form) {
      const sig = createHmac('sha256', secret).update(body).digest('hex');
      headers['x-hub-signature-256'] = `sha256=${sig}`;
    } else if (provider === 'gitlab') headers['x-gitlab-token'] = secret;
    else if (provider === 'codeup') headers['x-codeup-token'] = secret;
    else if (provider === 'gitee-password') headers['x-gitee-token'] = secret;
    else if (provider === 'svn') query.token = secret;
    else {
      const ts = String(push.timestamp ?? Date.now());
      headers['x-gitee-timestamp'] = ts;
      headers['x-gitee-token'] = createHmac('sha256', secret)
        .update(`${ts}\n${secret}`)
        .digest('base64');
    }
  }
  return { headers, query, body };
}

/** Sends a push to `/deploy/webhook?project_id=` and answers the envelope. */
export async function deliver(t: TestApp, projectId: number, provider: Provider, push: Push = {}) {
  const { headers, query, body } = pushRequest(provider, push);
  const res = await t.fastify.inject({
    method: 'POST',
    url: '/deploy/webhook',
    query: { project_id: String(projectId), ...query },
    headers,
    payload: body,
  });
  return res.json<Envelope<null>>();
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
