/** Keys whose values never reach a log: passwords, keys, tokens, passphrases, secrets. */
const SECRET_KEY =
  /pass(word)?|pwd|secret|token|passphrase|private_?key|apikey|api_key|captchakey|authorization|cookie/i;

/**
 * A deep copy with secret values replaced by `***`. Applied to stored request and response
 * bodies; the logger has its own redaction paths for headers.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20) return '…';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) && v !== '' && v !== null ? '***' : redact(v, depth + 1);
  }
  return out;
}
