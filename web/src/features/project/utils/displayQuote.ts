/** Words a shell reads as they are; `${NAME}` and `<word>` stand for values filled in later. */
const PLAIN = /^(?:[\w@%+=:,./-]|\$\{[A-Z_][A-Z0-9_]*\}|<[a-z]+>)+$/;

/**
 * One argument as a POSIX shell would need it written: as is when plain, else in single quotes
 * (a quote inside becomes `'\''`). For showing a command; the console itself runs argument lists
 * and never a shell line. Variables and placeholders stay readable.
 */
export function displayQuote(arg: string): string {
  if (arg !== '' && PLAIN.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}
