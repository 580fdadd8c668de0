import type { reviewRoutes, RouteOutput } from '@ferry/contract/client';

/** One publish that asked for review (GET /project/getReviewList). */
export type ReviewRow = RouteOutput<typeof reviewRoutes.getReviewList>['list'][number];

/** The project a review list or decision is about. */
export interface ReviewProject {
  id: number;
  name: string;
}
