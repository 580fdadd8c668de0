/** The JSON path of the document's root. */
export const JSON_ROOT_PATH = '$';

/** Keys that can follow a dot: identifier-like, so the path reads as it would in JavaScript. */
const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The path of a child of `parent`: `[0]` for an array index, `.key` for an identifier-like key,
 * otherwise the key in brackets as a JSON string (`["a b"]`, `["x\"y"]`), so any key round-trips.
 */
export function childJsonPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return PLAIN_KEY.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}
