/**
 * SECURITY: the one shell-quoting helper of the project. Every remote command that carries a
 * value (a path, a branch, a user-supplied argument) goes through here; nothing is pasted into a
 * shell string by hand.
 *
 * POSIX single-quote style: inside single quotes every byte is literal except the quote itself,
 * which is written as `'\''` (close, escaped quote, reopen). That is safe for sh, dash, bash,
 * ksh and zsh, whatever the argument holds: `$()`, backticks, globs, newlines, leading dashes or
 * non-ASCII text. A leading dash is still a dash to the program that receives it; put `--` before
 * such arguments where the program supports it.
 */

// Left bare: characters no shell expands. `=` (zsh `=cmd`), `~` and `%` are deliberately not here.
const SAFE = /^[A-Za-z0-9_\-+.,:/@]+$/;

/**
 * Quotes one argument so a POSIX shell passes it through as exactly one word, unchanged.
 * Plain words made only of characters no shell treats specially are returned as they are.
 * @throws Error when the argument holds a NUL byte, which no command line can carry.
 */
export function shellQuote(arg: string): string {
  if (arg.includes('\0')) throw new Error('a shell argument cannot contain a NUL byte');
  if (arg === '') return "''";
  if (SAFE.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Quotes every argument and joins them with spaces: the command line for `argv`. */
export function shellJoin(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}
