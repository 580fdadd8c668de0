import { Code, CronRefusal, crontabRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { cronKey } from './cronKeys';

/**
 * Turns chosen job lines of the SSH user's crontab into managed jobs, moved into Ferry's block in
 * one write; refused when the crontab changed since it was read (the page reads it again).
 */
export function useCronImport(serverId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { lineNos: number[]; checksum: string }) =>
      call(
        crontabRoutes.importLines,
        { serverId, ...input },
        { silent: [CronRefusal.crontabChanged, Code.illegalParam] },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: cronKey(serverId) }),
  });
}
