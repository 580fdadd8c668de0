/** A WebSocket close reason may hold at most 123 bytes; ours stay within 120. */
const MAX_REASON_BYTES = 120;

/** `text` cut to fit a close frame, never in the middle of a UTF-8 character. */
export function closeReason(text: string): string {
  if (Buffer.byteLength(text) <= MAX_REASON_BYTES) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > MAX_REASON_BYTES - 3) break;
    out += ch;
    bytes += size;
  }
  return `${out}...`;
}
