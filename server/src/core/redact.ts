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

export const REDACTED = '***';

export function isSecretName(name: string): boolean {
  return SECRET_NAMES.some((p) => p.test(name));
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
    out[k] = isSecretName(k) && v !== '' && v !== null ? REDACTED : redact(v, depth + 1);
  }
  return out;
}

/** A request URL with the values of secret query parameters replaced by `***`. */
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
      return isSecretName(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Request headers with secret ones replaced by `***`. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = isSecretName(k) ? REDACTED : v;
  return out;
}
