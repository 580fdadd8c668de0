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
 * Options that make rsync change an existing file's attributes where it stands (mode, owner,
 * group, ACLs, xattrs, times of access or creation) or leave an existing file as it is whatever
 * the source holds (skipping, backups, a cap on deletions): on a tree of hard links to the
 * previous release, either would change that release or leave its files in the new one.
 */
const KEEPS_OR_CHANGES_IN_PLACE = new Set([
  ...['--perms', '--owner', '--group', '--archive', '--acls', '--xattrs', '--executability'],
  ...['--crtimes', '--atimes', '--chmod', '--chown', '--usermap', '--groupmap', '--copy-as'],
  ...['--fake-super', '--super', '--update', '--backup', '--ignore-existing', '--existing'],
  ...['--ignore-non-existing', '--max-delete', '--numeric-ids', '--devices', '--specials'],
]);
/** The short forms of the options above (`-a` is `-rlptgoD`). */
const KEEPS_OR_CHANGES_IN_PLACE_SHORT = new Set(['p', 'o', 'g', 'a', 'A', 'X', 'E', 'N', 'U']);
const KEEPS_OR_CHANGES_IN_PLACE_SHORT_2 = new Set(['u', 'b', 'D']);

/**
 * How a new release is seeded from the previous one on the server (see decision 0017):
 * - `copy`: the server hard-links the previous release into the new directory (`cp -al`), then
 *   rsync updates it with `--delete --delete-excluded`, so it ends up holding exactly what a fresh
 *   transfer would. rsync writes every changed file to a temp name and renames it, so a linked
 *   inode is never written. Only when the options change no attribute but times in place and
 *   skip nothing (see above).
 * - `link`: `--link-dest=<previous>`: rsync links each unchanged file itself (its own rule keeps
 *   every attribute apart), at about twice the server's work per file.
 * - `none`: options that write in place (through a link into the previous release) or name a
 *   basis of their own: every file is sent.
 */
export function seedingOf(options: string[]): 'copy' | 'link' | 'none' {
  let copy = true;
  for (let i = 0; i < options.length; i++) {
    const word = options[i]!;
    if (word.startsWith('--')) {
      const [name, inlineValue] = splitLong(word);
      if (WRITES_IN_PLACE.has(name) || NAMES_A_BASIS.has(name)) return 'none';
      if (KEEPS_OR_CHANGES_IN_PLACE.has(name)) copy = false;
      if (inlineValue === undefined && LONG_WITH_VALUE.has(name.slice(2))) i++; // its value
    } else if (word.startsWith('-') && word.length > 1) {
      if (shortFlags(word).some(changesInPlace)) copy = false;
      if (scanShortCluster(word) === 'needs-next') i++; // its value
    }
  }
  return copy ? 'copy' : 'link';
}

const changesInPlace = (letter: string) =>
  KEEPS_OR_CHANGES_IN_PLACE_SHORT.has(letter) || KEEPS_OR_CHANGES_IN_PLACE_SHORT_2.has(letter);

/** The flag letters of a short cluster (`-avzf x` → a, v, z, f), up to one that takes a value. */
function shortFlags(word: string): string[] {
  const letters: string[] = [];
  for (let j = 1; j < word.length; j++) {
    const letter = word[j]!;
    letters.push(letter);
    if (SHORT_WITH_VALUE.has(letter)) break;
  }
  return letters;
}

/**
 * The words that seed a new release from `previous` (an absolute dir on the server). When the
 * server has already linked `previous` into the new directory (`copied`, only where `seedingOf`
 * answers `copy`), rsync must make it the source's (`--delete --delete-excluded`); otherwise rsync
 * links unchanged files itself, where the options allow it.
 */
export function seedOptions(options: string[], previous: string, copied = false): string[] {
  const by = seedingOf(options);
  if (by === 'none') return [];
  return copied && by === 'copy' ? ['--delete', '--delete-excluded'] : [`--link-dest=${previous}`];
}

/**
 * rsync's quick check matches size and whole seconds by default, so a same-size change checked
 * out within the second of the previous deploy's would be taken for unchanged: left as it was on
 * the deploy path, or linked from the previous release. Times are sent to the nanosecond (`-t`),
 * so comparing nanoseconds tells them apart.
 */
const NANOSECOND_TIMES = '--modify-window=-1';

/**
 * The words that make every transfer compare times to the nanosecond (see above), unless the
 * user's options already chose how files are compared.
 */
export function comparisonOptions(options: string[]): string[] {
  return choosesComparison(options) ? [] : [NANOSECOND_TIMES];
}

/** Options by which the user already chose how files are compared. */
const COMPARISON_LONG = new Set(['--modify-window', '--checksum', '--size-only', '--ignore-times']);
const COMPARISON_SHORT = new Set(['@', 'c', 'I']);

function choosesComparison(options: string[]): boolean {
  return options.some((word) =>
    word.startsWith('--')
      ? COMPARISON_LONG.has(splitLong(word)[0])
      : word.startsWith('-') && shortFlags(word).some((l) => COMPARISON_SHORT.has(l)),
  );
}
