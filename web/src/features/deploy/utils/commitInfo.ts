import type { CommitInfo } from './DeployRow';

export const NO_COMMIT: CommitInfo = {
  branch: '',
  commit: '',
  author: '',
  timestamp: 0,
  message: '',
  tag: '',
  diff: '',
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Commit info from a deploy's `publishExt` (JSON text) or a frame's `ext` (an object): the known
 * fields, each blank when missing; anything unreadable is no commit at all.
 */
export function commitInfoOf(value: unknown): CommitInfo {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return NO_COMMIT;
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return NO_COMMIT;
  const o = v as Record<string, unknown>;
  return {
    branch: text(o.branch),
    commit: text(o.commit),
    author: text(o.author),
    timestamp: typeof o.timestamp === 'number' && Number.isFinite(o.timestamp) ? o.timestamp : 0,
    message: text(o.message),
    tag: text(o.tag),
    diff: text(o.diff),
  };
}

/** A commit id as people read it: the first 7 characters of a git hash, an svn `r123` whole. */
export function shortCommit(commit: string): string {
  return /^[0-9a-f]{8,}$/i.test(commit) ? commit.slice(0, 7) : commit;
}

/** A branch as shown: without the `origin/` the repository routes put in front. */
export { branchName } from '@ferry/contract/client';
