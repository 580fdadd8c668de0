import { reviewRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { reviewsKey } from './useReviews';

/**
 * What approving review `id` would change against the live release. Read afresh at each
 * opening (a deploy may have changed what is live); a failure is shown in the drawer.
 */
export function useReviewChanges(id: number, on: boolean) {
  return useQuery({
    queryKey: [...reviewsKey, 'changes', id] as const,
    queryFn: ({ signal }) => call(reviewRoutes.getReviewChanges, { id }, { signal, silent: true }),
    enabled: on,
    staleTime: 0,
    gcTime: 0,
  });
}
