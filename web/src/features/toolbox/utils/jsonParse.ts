/** An object or array: the only roots the JSON tool shows. */
export type JsonContainer = Record<string, unknown> | unknown[];

/** The message shown when the root is neither an object nor an array (product.md §5). */
export const JSON_ROOT_MESSAGE = 'The root should be an object or an array';

export type JsonParseResult =
  | { kind: 'empty' }
  | { kind: 'ok'; value: JsonContainer }
  | { kind: 'syntax'; message: string }
  | { kind: 'root' };

/** Whether a parsed JSON value is an object or an array (not null, not a scalar). */
export const isJsonContainer = (value: unknown): value is JsonContainer =>
  typeof value === 'object' && value !== null;

/**
 * Parses the JSON tool's input. A blank input is "empty"; a syntax error keeps the parser's own
 * message; a root that is a string, number, boolean or null is refused as "root".
 */
export function parseJsonInput(text: string): JsonParseResult {
  if (text.trim() === '') return { kind: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'syntax', message: error instanceof Error ? error.message : String(error) };
  }
  return isJsonContainer(value) ? { kind: 'ok', value } : { kind: 'root' };
}

/** The document as the raw view shows it: indented by two spaces. */
export const formatJson = (value: JsonContainer): string => JSON.stringify(value, null, 2);
