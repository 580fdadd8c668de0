import { userRoutes } from '@ferry/contract/client';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/call';

/**
 * The logged-in user and the permission ids held in the current namespace. Fetched once by the
 * route guard (which reports failures itself) and kept for the life of the page: switching
 * namespace reloads the page.
 */
export const userInfoQuery = queryOptions({
  queryKey: ['user', 'info'] as const,
  queryFn: ({ signal }) => call(userRoutes.userInfo, {}, { silent: true, signal }),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});
