import { crontabRoutes } from '@ferry/contract/client';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { crontabKey } from './cronKeys';

/** Every crontab of the server the SSH user may read, line by line, as read now. */
export function useCrontab(serverId: number) {
  return useQuery({
    queryKey: crontabKey(serverId),
    queryFn: ({ signal }) =>
      call(crontabRoutes.getCrontab, { serverId }, { signal, silent: 'toast' }),
  });
}
