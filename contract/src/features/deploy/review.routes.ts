import { z } from 'zod';
import {
  authorFields,
  idField,
  intField,
  optionalLine,
  pagedList,
  pagination,
  stringField,
} from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { commitInfo } from '../repository/repository.routes.js';

/**
 * goploy's project_review row, plus why it was rejected and the deploy it became. `commitId` is
 * the full id of the commit asked for, resolved when it was asked (the branch head then, when the
 * member named no commit): an approval deploys that commit, wherever the branch has moved since.
 */
export const reviewRow = z.object({
  id: z.number(),
  projectId: z.number(),
  branch: z.string(),
  commitId: z.string(),
  reviewURL: z.string(),
  state: z.number(),
  reason: z.string(),
  /** The deploy an approval started ('' before). */
  token: z.string(),
  ...authorFields,
});

/** goploy's route: a project's reviews, newest first, with goploy's pagination object. */
export const getReviewList = route({
  method: 'GET',
  path: '/project/getReviewList',
  access: anyOf(Perm.DeployReview),
  input: z.object({ id: idField, ...pagination }),
  output: pagedList(reviewRow),
});

/** Approve (1: the deploy runs as the member who asked) or reject (2) a waiting review. */
export const review = route({
  method: 'PUT',
  path: '/deploy/review',
  access: anyOf(Perm.DeployReview),
  input: z.object({
    projectReviewId: idField,
    state: intField(1, 2),
    /** Ours: why it was rejected, told to the member who asked. */
    reason: optionalLine(255),
  }),
  output: z.null(),
});

/**
 * The approval link an outside approval system calls (`__CALLBACK__` of the review URL). Unlike
 * goploy's, it carries an expiry and a signature of both, and works once: an unsigned, expired,
 * altered or already decided link is refused with code 1, saying nothing about the review.
 */
export const callback = route({
  method: 'GET',
  path: '/deploy/callback',
  access: 'public',
  input: z.object({
    project_review_id: idField,
    expires: intField(0, 4_102_444_800),
    sign: stringField().max(128, 'must be at most 128 characters'),
  }),
  output: z.null(),
});

/** A file that differs between the live commit and the one a review asks for. */
export const changedFile = z.object({
  /** git's letter: A added, M modified, D deleted, R renamed, C copied, T type changed. */
  status: z.string(),
  path: z.string(),
  /** The path before a rename or copy; '' otherwise. */
  from: z.string(),
});

/**
 * Ours: what approving a review would change. The commit asked for; the commit the project's
 * servers run now (`live`, null before the first deploy or while the servers run different
 * releases); the commits the deploy brings (newest first) and those it takes away (the live
 * commit's history that the one asked for lacks); and the files that differ between the two.
 * Read from the console's working copy of the repository.
 */
export const getReviewChanges = route({
  method: 'GET',
  path: '/deploy/getReviewChanges',
  access: anyOf(Perm.DeployReview),
  input: z.object({ id: idField }),
  output: z.object({
    commit: commitInfo,
    live: commitInfo.nullable(),
    commits: z.array(commitInfo),
    dropped: z.array(commitInfo),
    files: z.array(changedFile),
    /** A list holds only its first `REVIEW_CHANGES_SHOWN`. */
    truncated: z.boolean(),
  }),
});
