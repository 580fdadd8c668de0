import { deployRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

export const deployListKey = ['deploy', 'list'] as const;

/**
 * The projects the user may deploy (GET /deploy/getList): every project of the namespace with
 * GetAllDeployList, else those the user is a member of; the page filters them.
 */
export function useDeployList() {
  return useQuery({
    queryKey: deployListKey,
    // A failed load shows once, inline on the page, not also as a toast.
    queryFn: ({ signal }) => call(deployRoutes.getList, {}, { signal, silent: 'toast' }),
    select: (data) => data.list,
  });
}
