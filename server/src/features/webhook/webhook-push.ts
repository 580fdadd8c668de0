import type { WebhookProvider, WebhookReason } from '@ferry/contract';
import { branchName } from '@ferry/contract';

/** What a push names: the branch, and the commit it moved to ('' when not told). */
export interface PushTarget {
  branch: string;
  commit: string;
}

const SHA = /^[0-9a-f]{40}$/;
const DELETED = /^0{40}$/;

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * The branch of a push body's `ref`: `refs/heads/feature/x` is `feature/x` (goploy took the third
 * segment only, so such branches never matched); svn's `ref` is the branch as it is.
 */
export function pushTarget(
  provider: WebhookProvider,
  body: unknown,
): PushTarget | { refused: WebhookReason; branch: string; commit: string } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const ref = text(b.ref, 255).trim();
  const after = text(b.after ?? b.checkout_sha, 64).toLowerCase();
  const commit = SHA.test(after) && !DELETED.test(after) ? after : '';
  if (!ref) return { refused: 'branch_missing', branch: '', commit };
  if (provider === 'svn') return { branch: ref, commit: '' };
  if (ref.startsWith('refs/tags/')) return { refused: 'tag_push', branch: ref, commit };
  const branch = ref.replace(/^refs\/heads\//, '');
  if (DELETED.test(after)) return { refused: 'branch_deleted', branch, commit: '' };
  return { branch, commit };
}

/** Whether the pushed branch is the project's (stored with or without `origin/`). */
export function sameBranch(pushed: string, projectBranch: string): boolean {
  return pushed === branchName(projectBranch);
}
