/** One commit as the console shows it (goploy's shape). */
export interface CommitInfo {
  /** The branch (or other ref) the commit was listed for; '' in a tag list. */
  branch: string;
  commit: string;
  author: string;
  /** Author time, epoch seconds. */
  timestamp: number;
  /** The subject line. */
  message: string;
  /** In a branch log: the first tag on the commit, '' if none. In a tag list: that tag. */
  tag: string;
  /** The `--stat` text without surrounding blank lines. */
  diff: string;
}

/** A tag and the commit it points at (annotated tags peeled). */
export interface TagRef {
  name: string;
  commit: string;
}

const NUL = '\u0000';
const US = '\u001f';

/*
 * Each commit starts with NUL and its fields end with the unit separator; the `--stat` text
 * follows the last separator. Neither byte appears in git's own output (NUL cannot be in a
 * commit message; control bytes in file names are quoted by --stat), so no field can break the
 * record apart.
 */
const FORMAT = `--format=%x00%H%x1f%an%x1f%at%x1f%D%x1f%s%x1f`;

/** Flags every log takes: only tags decorate, no colour, no signature checks. */
const LOG_FLAGS = [
  FORMAT,
  '--stat',
  '--no-color',
  '--no-show-signature',
  '--decorate-refs=refs/tags/',
];

/**
 * `git log` arguments for the newest `n` commits of `ref`. SECURITY: `--end-of-options` keeps a
 * ref from being read as an option and the trailing `--` from being read as a path; still check
 * the ref before (`refNameProblem` or a hex id).
 */
export function logArgs(ref: string, n: number): string[] {
  return ['log', ...LOG_FLAGS, '-n', String(checkedCount(n)), '--end-of-options', ref, '--'];
}

/** `git for-each-ref` arguments for the `n` newest tags (tagger date, else commit date). */
export function tagRefsArgs(n: number): string[] {
  const format =
    '%(refname:lstrip=2)%1f%(objecttype)%1f%(objectname)%1f%(*objecttype)%1f%(*objectname)';
  return [
    'for-each-ref',
    // The last key is the first: newest first, and tags of one moment (several on one commit,
    // or made in the same second) by version, highest first, instead of by name ascending.
    '--sort=-v:refname',
    '--sort=-creatordate',
    `--count=${checkedCount(n)}`,
    `--format=${format}`,
    'refs/tags',
  ];
}

/** A full hex commit id, the only form the argument builders below accept. */
const FULL_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

function checkedIds(...ids: string[]): void {
  for (const id of ids) if (!FULL_ID.test(id)) throw new Error(`not a commit id: ${id}`);
}

/** `git log` arguments for exactly these commits, in this order. `ids` are full hex ids. */
export function commitsArgs(ids: readonly string[]): string[] {
  checkedIds(...ids);
  return ['log', ...LOG_FLAGS, '--no-walk=unsorted', '--end-of-options', ...ids, '--'];
}

/**
 * `git log` arguments for the newest `n` commits reachable from `to` but not from `from` (full
 * hex ids, checked here): what a deploy of `to` brings over one of `from`.
 */
export function rangeLogArgs(from: string, to: string, n: number): string[] {
  checkedIds(from, to);
  return [
    'log',
    ...LOG_FLAGS,
    '-n',
    String(checkedCount(n)),
    '--end-of-options',
    `${from}..${to}`,
    '--',
  ];
}

/** A file that differs between two commits, as `git diff --name-status` tells it. */
export interface ChangedFile {
  /** git's letter: A added, M modified, D deleted, R renamed, C copied, T type changed. */
  status: string;
  path: string;
  /** The path before a rename or copy; '' otherwise. */
  from: string;
}

/**
 * `git diff` arguments for the files whose content differs between the trees of commits `from`
 * and `to` (full hex ids, checked here), renames found. NUL-separated: any file name survives.
 * SECURITY: no external diff or text conversion program a repository could name runs.
 */
export function changedFilesArgs(from: string, to: string): string[] {
  checkedIds(from, to);
  const flags = ['--name-status', '-z', '-M', '--no-color', '--no-ext-diff', '--no-textconv'];
  return ['diff', ...flags, '--end-of-options', from, to, '--'];
}

/** The files in output made with `changedFilesArgs`, in git's order (by path). */
export function parseChangedFiles(stdout: string): ChangedFile[] {
  const parts = stdout.split(NUL);
  const files: ChangedFile[] = [];
  for (let i = 0; i + 1 < parts.length;) {
    const status = parts[i]!.charAt(0);
    if (status === 'R' || status === 'C') {
      files.push({ status, from: parts[i + 1]!, path: parts[i + 2] ?? '' });
      i += 3;
    } else {
      files.push({ status, path: parts[i + 1]!, from: '' });
      i += 2;
    }
  }
  return files.filter((f) => f.status !== '' && f.path !== '');
}

/** The commits in output made with `logArgs` or `commitsArgs`, all labelled with `branch`. */
export function parseLog(stdout: string, branch: string): CommitInfo[] {
  return stdout
    .split(NUL)
    .slice(1)
    .flatMap((record) => {
      const fields = record.split(US);
      if (fields.length < 6) return [];
      const [commit, author, time, decorations] = fields as [string, string, string, string];
      const subject = fields.slice(4, -1).join(US);
      return [
        {
          branch,
          commit,
          author,
          timestamp: Number(time) || 0,
          message: subject,
          tag: firstTag(decorations),
          // Only blank lines go: the first line's leading space keeps the columns aligned.
          diff: fields.at(-1)!.replace(/^\n+/, '').trimEnd(),
        },
      ];
    });
}

/** The tags in output made with `tagRefsArgs`, newest first; tags of trees or blobs left out. */
export function parseTagRefs(stdout: string): TagRef[] {
  return stdout.split('\n').flatMap((line) => {
    const [name, type, id, peeledType, peeledId] = line.split(US);
    if (!name || !id) return [];
    if (type === 'commit') return [{ name, commit: id }];
    if (type === 'tag' && peeledType === 'commit' && peeledId) return [{ name, commit: peeledId }];
    return [];
  });
}

/** `tag: v1.2, tag: v1.1` → `v1.2`. */
function firstTag(decorations: string): string {
  const tag = decorations.split(', ').find((d) => d.startsWith('tag: '));
  return tag ? tag.slice('tag: '.length) : '';
}

function checkedCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`a count must be at least 1: ${n}`);
  return n;
}
