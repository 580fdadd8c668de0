/**
 * Stored request or response data, indented when it is JSON; anything else (a truncated body, an
 * empty one) comes back as it was stored.
 */
export function prettyJson(text: string): { text: string; isJson: boolean } {
  if (!text.trim()) return { text, isJson: false };
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), isJson: true };
  } catch {
    return { text, isJson: false };
  }
}
