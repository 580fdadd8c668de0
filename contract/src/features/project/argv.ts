/**
 * Splits an option string into arguments the way a POSIX shell splits words, without expanding
 * anything: single quotes are literal, double quotes allow `\"` and `\\`, a backslash outside
 * quotes escapes the next character. Answers the arguments, or what is wrong.
 */
export function parseArgv(text: string): string[] | { problem: string } {
  const args: string[] = [];
  let current = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else current += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) current += text[++i];
      else current += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\') {
      if (i + 1 >= text.length) return { problem: 'must not end with a backslash' };
      current += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) args.push(current);
      current = '';
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (quote) return { problem: `has an unterminated ${quote === '"' ? 'double' : 'single'} quote` };
  if (inWord) args.push(current);
  return args;
}
