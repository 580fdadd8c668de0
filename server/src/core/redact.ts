import { maskNotifyTarget } from '@ferry/contract';

/**
 * SECURITY: the one redaction list. A body field, query parameter or header whose name matches
 * one of these never reaches a log (request log, error log, operation log): its value becomes
 * `***`. A route that adds a credential (a webhook's signature, a callback's token) names it so
 * that one of these matches; `redact.test.ts` holds an example for every entry.
 */
export const SECRET_NAMES: readonly RegExp[] = [
  /pass(word|phrase)?/i, // password, newPassword, passphrase
  /pwd/i, // oldPwd, newPwd (goploy's changePassword)
  /secret/i, // secret, secretKey, clientSecret
  /token/i, // token, goploy_token, publish tokens, X-Gitlab-Token
  /private_?key/i, // privateKey, private_key
  /api[-_]?key/i, // apiKey, api_key, X-API-KEY
  /captcha_?key/i, // captchaKey
  /authorization/i, // the Authorization header
  /cookie/i, // Cookie, Set-Cookie
  /^sign$|signature/i, // DingTalk and Feishu `sign`, X-Hub-Signature-256, callback signatures
];

/**
 * SECURITY: fields holding a notification address (decision 0039). Its value reaches a log with
 * its secret parts masked by `maskNotifyTarget` (every query value, Feishu's hook id, key-like
 * path segments, a userinfo), so the operation log still names the host the address was set to.
 */
export const ADDRESS_NAMES: readonly RegExp[] = [
  /^notify_?target$/i, // notifyTarget of projects, monitors, warning rules, cron jobs, sendTest
];

/**
 * SECURITY: query parameters that are secret in an address only: an OAuth provider's one-time
 * `code` (`/user/oidcCallback?code=…`, DingTalk's `/login?authCode=…`). In a body `code` is the
 * envelope's answer code, which logs keep.
 */
export const SECRET_QUERY_NAMES: readonly RegExp[] = [/^(auth_?)?code$/i];

export const REDACTED = '***';

export function isSecretName(name: string): boolean {
  return SECRET_NAMES.some((p) => p.test(name));
}

export function isAddressName(name: string): boolean {
  return ADDRESS_NAMES.some((p) => p.test(name));
}

/** A value of an address field as logs keep it: masked when text, else hidden whole. */
function maskedAddress(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return value;
  return typeof value === 'string' ? maskNotifyTarget(value) : REDACTED;
}

/**
 * A deep copy with secret values replaced by `***`. Applied to stored request and response
 * bodies and their query parameters.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20) return '…';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (isAddressName(k)) out[k] = maskedAddress(v);
    else out[k] = isSecretName(k) && v !== '' && v !== null ? REDACTED : redact(v, depth + 1);
  }
  return out;
}

/**
 * A request URL with the values of secret query parameters replaced by `***`, and those of
 * address parameters masked.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      if (isAddressName(name))
        return `${pair.slice(0, eq)}=${maskedQueryValue(pair.slice(eq + 1))}`;
      const secret = isSecretName(name) || SECRET_QUERY_NAMES.some((p) => p.test(name));
      return secret ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** An escaped query value holding an address, masked and escaped again; `***` if malformed. */
export function maskedQueryValue(raw: string): string {
  try {
    return encodeURIComponent(maskNotifyTarget(decodeURIComponent(raw.replace(/\+/g, ' '))));
  } catch {
    return REDACTED;
  }
}

/**
 * Free text (an error's message or stack) with every http(s) address masked as a notification
 * address is: any of them may be one, with its channel's token in its query or path.
 */
export function maskAddressesIn(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s"'<>]+/gi, (url) => maskNotifyTarget(url));
}

/** Request headers with secret ones replaced by `***`. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = isSecretName(k) ? REDACTED : v;
  return out;
}
