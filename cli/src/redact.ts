/** `text` with every occurrence of `secret` replaced (a key a server echoed back, say). */
export function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join('***') : text;
}
