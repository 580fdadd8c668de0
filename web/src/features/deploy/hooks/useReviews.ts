import { reviewRoutes } from '@ferry/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** Every review list: invalidated when a review is asked for or decided. */
export const reviewsKey = ['deploy', 'reviews'] as const;

/** One page of a project's reviews, newest first; the last page stays while the next loads. */
export function useReviews(projectId: number, page: { page: number; rows: number }, on: boolean) {
  return useQuery({
    queryKey: [...reviewsKey, projectId, page] as const,
    queryFn: ({ signal }) =>
      call(reviewRoutes.getReviewList, { id: projectId, ...page }, { signal }),
    placeholderData: keepPreviousData,
    enabled: on,
    staleTime: 0,
  });
}
