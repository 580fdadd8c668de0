import type { DeployReviewMessage } from '@ferry/contract/client';

/** A type-12 frame's message when it has what the page reads; undefined otherwise. */
export function asReviewMessage(m: unknown): DeployReviewMessage | undefined {
  if (typeof m !== 'object' || m === null) return undefined;
  const r = m as Record<string, unknown>;
  const numbers = ['projectId', 'reviewId', 'state', 'creatorId'] as const;
  const texts = ['projectName', 'creator', 'editor', 'reason', 'token'] as const;
  if (!numbers.every((k) => typeof r[k] === 'number')) return undefined;
  if (!texts.every((k) => typeof r[k] === 'string')) return undefined;
  return r as unknown as DeployReviewMessage;
}
