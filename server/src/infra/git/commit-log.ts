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

/** `git log` arguments for exactly these commits, in this order. `ids` are full hex ids. */
export function commitsArgs(ids: readonly string[]): string[] {
  for (const id of ids) {
    if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(id)) throw new Error(`not a commit id: ${id}`);
  }
  return ['log', ...LOG_FLAGS, '--no-walk=unsorted', '--end-of-options', ...ids, '--'];
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
