/**
 * The doc comment above each `export const NAME = route({` of a routes file, as plain text: the
 * OpenAPI document's description of that route. Lines lose their leading `*`; `{@link X}` becomes
 * `X`.
 */
export function routeNotesOf(source: string): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const m of source.matchAll(
    /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export const (\w+) = route\(/g,
  )) {
    const text = m[1]!
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
      .join('\n')
      .trim()
      .replace(/\{@link ([^}]+)\}/g, '$1');
    if (text) notes[m[2]!] = text;
  }
  return notes;
}
