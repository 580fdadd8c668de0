import { Code, cronRoutes } from '@ferry/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import type { CronInput, FenceResolve } from '../utils/cronRows';
import { CRONTAB_EDITED } from '../utils/editedBlock';
import { cronKey } from './cronKeys';

/** A refused field stays on the form; a hand-edited block is asked about by the page. */
const SILENT = { silent: [Code.illegalParam, CRONTAB_EDITED] } as const;

type Resolved<T> = T & { resolve?: FenceResolve };

/**
 * Add, edit, switch on or off and remove the server's jobs; each rewrites Ferry's block in the
 * crontab, then reads the jobs and the crontab again.
 */
export function useCronMutations(serverId: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: cronKey(serverId) });
  const add = useMutation({
    mutationFn: (input: CronInput) => call(cronRoutes.add, input, SILENT),
    onSuccess,
  });
  const edit = useMutation({
    mutationFn: (input: Resolved<Omit<CronInput, 'serverId'> & { id: number }>) =>
      call(cronRoutes.edit, input, SILENT),
    onSuccess,
  });
  const toggle = useMutation({
    mutationFn: (input: Resolved<{ id: number; state: number }>) =>
      call(cronRoutes.toggle, input, SILENT),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (input: Resolved<{ id: number }>) => call(cronRoutes.remove, input, SILENT),
    onSuccess,
  });
  return { add, edit, toggle, remove };
}
