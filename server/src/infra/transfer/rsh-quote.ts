/*
 * SECURITY: rsync splits its `-e` value into words itself, without a shell: words are separated
 * by spaces only; a single or double quote starts a quoted part that runs to the same quote, and
 * inside it that quote doubled stands for one literal quote. Backslashes, `$` and globs mean
 * nothing. So single-quoting every word that is not plain, with `'` doubled, gives rsync exactly
 * the word back.
 */

const PLAIN = /^[A-Za-z0-9_\-+.,:/@%=]+$/;

/** Quotes one word for rsync's `-e` splitting. */
export function rshQuote(word: string): string {
  if (word.includes('\0')) throw new Error('an rsync -e word cannot contain a NUL byte');
  if (PLAIN.test(word)) return word;
  return `'${word.replaceAll("'", "''")}'`;
}

/** The `-e` value that rsync splits back into exactly `words`. */
export function rshJoin(words: readonly string[]): string {
  return words.map(rshQuote).join(' ');
}
