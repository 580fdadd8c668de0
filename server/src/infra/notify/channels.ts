import { createHmac } from 'node:crypto';

/**
 * 1 WeCom, 2 DingTalk, 3 Feishu, 255 custom webhook (product.md §4); 0 a plain GET of the
 * address (a review URL that tells an outside approval system about a publish).
 */
export type ChannelType = 0 | 1 | 2 | 3 | 255;

export interface OutgoingMessage {
  channel: ChannelType;
  /** The webhook address the team configured. */
  target: string;
  /** The channel's signing secret ('' when none). */
  secret: string;
  title: string;
  /** The rendered template (channels 1-3), or the JSON data a custom webhook receives. */
  body: string;
}

export interface ChannelRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The HTTP request for one message, as each channel expects it (goploy's bodies), signed where the
 * channel offers signing and a secret is set:
 * - DingTalk: `timestamp` (ms) and `sign` = base64 HMAC-SHA256 of "timestamp\nsecret" keyed by the
 *   secret, both in the query;
 * - Feishu: `timestamp` (s) and `sign` = base64 HMAC-SHA256 of "" keyed by "timestamp\nsecret",
 *   both in the body;
 * - custom: header `X-Ferry-Signature: sha256=<hex HMAC of the body>`.
 */
export function channelRequest(m: OutgoingMessage, now: number): ChannelRequest {
  const headers = { 'content-type': 'application/json' };
  switch (m.channel) {
    case 0:
      return { method: 'GET', url: m.target, headers: {}, body: '' };
    case 1:
      return {
        method: 'POST',
        url: m.target,
        headers,
        body: JSON.stringify({
          msgtype: 'markdown',
          markdown: { content: `${m.title}\n${m.body}` },
        }),
      };
    case 2: {
      const url = new URL(m.target);
      if (m.secret) {
        const timestamp = String(now);
        const sign = hmacBase64(m.secret, `${timestamp}\n${m.secret}`);
        url.searchParams.set('timestamp', timestamp);
        url.searchParams.set('sign', sign);
      }
      return {
        method: 'POST',
        url: url.toString(),
        headers,
        body: JSON.stringify({ msgtype: 'markdown', markdown: { title: m.title, text: m.body } }),
      };
    }
    case 3: {
      const signed: Record<string, string> = {};
      if (m.secret) {
        const timestamp = String(Math.floor(now / 1000));
        signed.timestamp = timestamp;
        signed.sign = hmacBase64(`${timestamp}\n${m.secret}`, '');
      }
      return {
        method: 'POST',
        url: m.target,
        headers,
        body: JSON.stringify({
          ...signed,
          msg_type: 'text',
          content: { text: `${m.title}\n${m.body}` },
        }),
      };
    }
    case 255: {
      const body = `{"data":${m.body}}`;
      const signature: Record<string, string> = m.secret
        ? {
            'x-ferry-signature': `sha256=${createHmac('sha256', m.secret).update(body).digest('hex')}`,
          }
        : {};
      return { method: 'POST', url: m.target, headers: { ...headers, ...signature }, body };
    }
  }
}

function hmacBase64(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64');
}

export type ChannelVerdict = { ok: true } | { ok: false; code: string; message: string };

/**
 * Whether the channel took the message. An HTTP status outside 2xx is a failure; DingTalk and
 * WeCom answer 200 with `errcode`, Feishu with `code` (or `StatusCode`), and only 0 means sent.
 */
export function channelVerdict(channel: ChannelType, status: number, text: string): ChannelVerdict {
  if (status < 200 || status > 299) {
    return { ok: false, code: `http_${status}`, message: text.slice(0, 300) };
  }
  if (channel === 255 || channel === 0) return { ok: true };
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { ok: false, code: 'bad_answer', message: `not JSON: ${text.slice(0, 200)}` };
  }
  const raw = channel === 3 ? (answer.code ?? answer.StatusCode) : answer.errcode;
  const code = typeof raw === 'number' || typeof raw === 'string' ? String(raw) : undefined;
  if (code === '0') return { ok: true };
  const message = channel === 3 ? (answer.msg ?? answer.StatusMessage) : answer.errmsg;
  return {
    ok: false,
    code: code ?? 'no_code',
    message: typeof message === 'string' ? message.slice(0, 300) : '',
  };
}
