import type { reviewRoutes, RouteOutput } from '@ferry/contract/client';

/** What approving a review would change (GET /deploy/getReviewChanges). */
export type ReviewChanges = RouteOutput<typeof reviewRoutes.getReviewChanges>;

/** One file that differs between the live commit and the one asked for. */
export type ChangedFile = ReviewChanges['files'][number];
