import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { parseStatuses, statusAccepted, type MonitorTarget } from '@ferry/contract';
import { failed, itemDeadline, messageOf, passed, type ItemCheck } from './check-item.js';

/** At most this many redirects are followed. */
export const MAX_REDIRECTS = 5;
/** At most this much of a body is read for the keyword. */
export const MAX_BODY_BYTES = 1024 * 1024;
const DAY_MS = 86_400_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One answer: its status, where it redirects, its certificate's days left, its body. */
interface Answer {
  status: number;
  location: string | undefined;
  certDaysLeft: number | undefined;
  body: Buffer | undefined;
}

/**
 * A site check: a GET or HEAD of the URL with `node:http`/`node:https` (a fresh connection each
 * time, so the certificate is always seen), following up to 5 redirects; the final answer's
 * status must be in the accepted set. Latency: from the first request until the final answer's
 * headers (DNS, connect, TLS and redirects included). See docs/decisions/0029-monitor-checks.md.
 */
export function siteCheck(opts: { ca?: string | Buffer | undefined } = {}): ItemCheck {
  return async (item, target, ctx) => {
    const accepted = parseStatuses(target.statuses);
    if (!accepted) return failed(`The accepted statuses "${target.statuses}" are not valid.`);
    if (target.keyword !== '' && target.method === 'HEAD') {
      return failed('A keyword needs the GET method: a HEAD answer has no body.');
    }
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return failed(`"${item}" is not a URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return failed(`"${item}" is not an http or https URL.`);
    }

    const deadline = itemDeadline(ctx.signal, target.timeout);
    const started = performance.now();
    let certDaysLeft: number | undefined;
    let answer: Answer;
    try {
      for (let hop = 0; ; hop++) {
        answer = await ask(url, target, deadline.signal, opts.ca);
        if (answer.certDaysLeft !== undefined) {
          certDaysLeft = Math.min(certDaysLeft ?? Infinity, answer.certDaysLeft);
        }
        if (!REDIRECTS.has(answer.status) || answer.location === undefined) break;
        if (hop === MAX_REDIRECTS) {
          return failed(`More than ${MAX_REDIRECTS} redirects.`, { ...cert(certDaysLeft) });
        }
        const next = new URL(answer.location, url);
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          return failed(`Redirected to "${next.href}", not an http or https URL.`);
        }
        url = next;
      }
    } catch (err) {
      return failed(deadline.reason() ?? requestFailure(err), cert(certDaysLeft));
    }
    const latencyMs = Math.round(performance.now() - started);
    const extra = { latencyMs, ...cert(certDaysLeft) };

    if (!statusAccepted(accepted, answer.status)) {
      return failed(`HTTP status ${answer.status} is not accepted (${target.statuses}).`, extra);
    }
    if (target.maxResponseMs > 0 && latencyMs > target.maxResponseMs) {
      return failed(
        `The answer took ${latencyMs} ms, more than the limit of ${target.maxResponseMs} ms.`,
        extra,
      );
    }
    if (target.keyword !== '') {
      const found = (answer.body ?? Buffer.alloc(0)).includes(Buffer.from(target.keyword));
      if (found && target.keywordMode === 'absent') {
        return failed(`The answer holds "${target.keyword}".`, extra);
      }
      if (!found && target.keywordMode === 'contains') {
        return failed(`The answer does not hold "${target.keyword}".`, extra);
      }
    }
    if (
      certDaysLeft !== undefined &&
      target.certWarnDays > 0 &&
      certDaysLeft < target.certWarnDays
    ) {
      const when =
        certDaysLeft < 0
          ? 'has expired'
          : `expires in ${certDaysLeft} day${certDaysLeft === 1 ? '' : 's'}`;
      return failed(
        `The TLS certificate ${when} (warned ${target.certWarnDays} days before).`,
        extra,
      );
    }
    return passed(extra);
  };
}

const cert = (days: number | undefined) => (days === undefined ? {} : { certDaysLeft: days });

/** One request; resolves at the answer's headers, or once its body was read when it is needed. */
function ask(
  url: URL,
  target: MonitorTarget,
  signal: AbortSignal,
  ca: string | Buffer | undefined,
): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: target.method,
        agent: false,
        signal,
        headers: { 'user-agent': 'Ferry-Monitor', accept: '*/*' },
        ...(ca !== undefined && url.protocol === 'https:' ? { ca } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        const certDaysLeft = daysLeft(res.socket as TLSSocket | undefined);
        const wantBody =
          target.keyword !== '' && target.method === 'GET' && !(REDIRECTS.has(status) && location);
        if (!wantBody) {
          res.destroy();
          return resolve({ status, location, certDaysLeft, body: undefined });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          res.destroy();
          resolve({
            status,
            location,
            certDaysLeft,
            body: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES),
          });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_BODY_BYTES) done();
        });
        res.on('end', done);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Whole days until the peer certificate of a TLS socket expires (negative once it has). */
function daysLeft(socket: TLSSocket | undefined): number | undefined {
  if (!socket || typeof socket.getPeerCertificate !== 'function') return undefined;
  const validTo = Date.parse(socket.getPeerCertificate().valid_to);
  return Number.isNaN(validTo) ? undefined : Math.floor((validTo - Date.now()) / DAY_MS);
}

/** A failed request in words; a certificate that does not verify says why. */
function requestFailure(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /CERT|SIGNATURE|ISSUER|SELF_SIGNED/.test(code)) {
    return `The TLS certificate is not valid: ${messageOf(err)} (${code}).`;
  }
  return `The request failed: ${messageOf(err)}${typeof code === 'string' ? ` (${code})` : ''}.`;
}
