/*
 * Which words of a user's rsync options are options and which are their values, so that every
 * other bare word (a source or destination the engine did not choose) can be refused.
 */

/** Long options whose value may come as the next word (`--exclude .git`). */
const LONG_WITH_VALUE = new Set([
  ...['exclude', 'include', 'exclude-from', 'include-from', 'files-from', 'filter'],
  ...['rsync-path', 'temp-dir', 'compare-dest', 'copy-dest', 'link-dest', 'backup-dir'],
  ...['suffix', 'chmod', 'chown', 'usermap', 'groupmap', 'copy-as', 'block-size'],
  ...['max-delete', 'max-size', 'min-size', 'max-alloc', 'partial-dir', 'timeout'],
  ...['contimeout', 'modify-window', 'bwlimit', 'log-file', 'log-file-format', 'out-format'],
  ...['log-format', 'password-file', 'port', 'sockopts', 'outbuf', 'iconv', 'checksum-choice'],
  ...['cc', 'compress-choice', 'zc', 'compress-level', 'zl', 'skip-compress', 'info', 'debug'],
  ...['stderr', 'remote-option', 'address', 'protocol', 'checksum-seed', 'write-batch'],
  ...['only-write-batch', 'read-batch', 'stop-after', 'stop-at', 'time-limit', 'early-input'],
  ...['confine-root', 'compress-threads'],
]);

/** Short options that take a value: the rest of the word, or else the next word. */
const SHORT_WITH_VALUE = new Set(['B', 'T', 'f', 'M', '@']);

/** Options that would change who runs where; the engine decides that. */
const ENGINE_ONLY = new Set(['--rsh', '--server', '--sender', '--daemon']);

/**
 * What is wrong with the user's rsync options, or undefined when they can be used: `-e`,
 * `--rsh` (the engine builds the remote shell), `--server`/`--sender`/`--daemon`, `--` and any
 * bare word that is not an option's value (the source and destination are the engine's).
 */
export function rsyncOptionProblem(options: string[]): string | undefined {
  for (let i = 0; i < options.length; i++) {
    const word = options[i]!;
    if (word === '--') return 'the option "--" is not allowed: the engine adds the paths';
    if (word.startsWith('--')) {
      const [name, inlineValue] = splitLong(word);
      if (ENGINE_ONLY.has(name))
        return `the option "${word}" is not allowed: ${engineReason(name)}`;
      if (inlineValue === undefined && LONG_WITH_VALUE.has(name.slice(2))) {
        if (i + 1 >= options.length) return `the option "${word}" needs a value`;
        i++;
      }
      continue;
    }
    if (word.startsWith('-') && word.length > 1) {
      const short = scanShortCluster(word);
      if (short === 'rsh') return `the option "${word}" is not allowed: ${engineReason('--rsh')}`;
      if (short === 'needs-next') {
        if (i + 1 >= options.length) return `the option "${word}" needs a value`;
        i++;
      }
      continue;
    }
    return `"${word}" is not an option: the source and destination are set by the engine`;
  }
  return undefined;
}

function splitLong(word: string): [string, string | undefined] {
  const eq = word.indexOf('=');
  return eq === -1 ? [word, undefined] : [word.slice(0, eq), word.slice(eq + 1)];
}

function engineReason(name: string): string {
  return name === '--rsh'
    ? 'the engine sets the remote shell itself'
    : 'the engine decides how rsync runs';
}

/**
 * Walks a cluster like `-avzf` the way rsync's option parser does: each letter is a flag until
 * one takes a value, which is then the rest of the word or, if nothing is left, the next word.
 */
function scanShortCluster(word: string): 'rsh' | 'needs-next' | 'ok' {
  for (let j = 1; j < word.length; j++) {
    const letter = word[j]!;
    if (letter === 'e') return 'rsh';
    if (SHORT_WITH_VALUE.has(letter)) return j === word.length - 1 ? 'needs-next' : 'ok';
  }
  return 'ok';
}

/** Options that make rsync write into an existing file's inode instead of a new file. */
const WRITES_IN_PLACE = new Set(['--inplace', '--append', '--append-verify']);

/** Options that already name a dir rsync compares with (the user's own basis). */
const NAMES_A_BASIS = new Set(['--link-dest', '--copy-dest', '--compare-dest']);

/**
 * The words that seed a new release from `previous` (an absolute dir on the server): files that
 * are the same there are hard-linked instead of sent (`--link-dest`). rsync writes every other
 * file to a temp name and renames it, so a linked inode is never written and the previous
 * release keeps its content. None when the options write in place (`--inplace`, `--append…`:
 * that would write through a link into the previous release) or name a basis of their own.
 */
export function seedOptions(options: string[], previous: string): string[] {
  for (const word of options) {
    const [name] = splitLong(word);
    if (WRITES_IN_PLACE.has(name) || NAMES_A_BASIS.has(name)) return [];
  }
  return [`--link-dest=${previous}`];
}
