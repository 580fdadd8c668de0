/** The longest piece of a string or key the tree shows; the raw view has the whole text. */
export const JSON_PREVIEW_CHARS = 300;

export type JsonValueKind = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** What a parsed JSON value is, for its colour in the tree. */
export function jsonValueKind(value: unknown): JsonValueKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'object';
}

/** Cuts long text so one huge string cannot blow up a row. */
export function clipText(text: string, max = JSON_PREVIEW_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * A value as one tree row shows it: strings quoted as in JSON (clipped), numbers, booleans and
 * null as written, objects as `{n}` and arrays as `[n]` with their number of children.
 */
export function previewJsonValue(value: unknown): string {
  switch (jsonValueKind(value)) {
    case 'string': {
      const text = value as string;
      if (text.length <= JSON_PREVIEW_CHARS) return JSON.stringify(text);
      return `${JSON.stringify(text.slice(0, JSON_PREVIEW_CHARS)).slice(0, -1)}…"`;
    }
    case 'array':
      return `[${(value as unknown[]).length}]`;
    case 'object':
      return `{${Object.keys(value as object).length}}`;
    case 'number':
    case 'boolean':
    case 'null':
      return String(value);
  }
}
