import type { DeployReviewMessage } from '@ferry/contract/client';

/** A type-12 frame's message when it has what the page reads; undefined otherwise. */
export function asReviewMessage(m: unknown): DeployReviewMessage | undefined {
  if (typeof m !== 'object' || m === null) return undefined;
  const r = m as Record<string, unknown>;
  const numbers = ['projectId', 'reviewId', 'state', 'creatorId'] as const;
  const texts = ['projectName', 'creator', 'editor', 'reason', 'token'] as const;
  if (!numbers.every((k) => typeof r[k] === 'number')) return undefined;
  if (!texts.every((k) => typeof r[k] === 'string')) return undefined;
  const text = (k: string) => (typeof r[k] === 'string' ? r[k] : '');
  return {
    ...(r as unknown as DeployReviewMessage),
    // Absent from a console older than reviews of one commit.
    branch: text('branch'),
    commitId: text('commitId'),
    commitMessage: text('commitMessage'),
    changes: countsOf(r.changes),
  };
}

/** The frame's commit and file counts, when it carries both. */
function countsOf(v: unknown): DeployReviewMessage['changes'] {
  if (typeof v !== 'object' || v === null) return null;
  const { commits, files } = v as Record<string, unknown>;
  return typeof commits === 'number' && typeof files === 'number' ? { commits, files } : null;
}
