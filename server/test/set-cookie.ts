/** An answer's headers, as `inject` gives them. */
interface Answered {
  headers: Record<string, unknown>;
}

/** The `Set-Cookie` lines of an answer. */
export const setCookieLines = (res: Answered): string[] =>
  [res.headers['set-cookie'] ?? []].flat().map(String);

/** The value an answer sets cookie `name` to; undefined when it sets none. */
export function setCookieValue(res: Answered, name: string): string | undefined {
  const line = setCookieLines(res).find((c) => c.startsWith(`${name}=`));
  return line === undefined ? undefined : line.slice(name.length + 1).split(';')[0];
}
