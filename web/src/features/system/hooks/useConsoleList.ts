import { systemRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';

/** Each console renews its heartbeat every 5 s (decision 0044): the list follows as often. */
export const CONSOLES_REFRESH_MS = 5_000;

/** GET /system/getConsoleList: the consoles sharing this database and what each runs now. */
export function useConsoleList() {
  return useQuery({
    queryKey: ['system', 'consoles'] as const,
    queryFn: ({ signal }) => call(systemRoutes.getConsoleList, {}, { signal, silent: 'toast' }),
    select: (data) => data.list,
    refetchInterval: CONSOLES_REFRESH_MS,
  });
}
