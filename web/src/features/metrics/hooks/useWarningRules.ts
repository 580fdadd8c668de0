import { Code, warningRuleRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call';
import { metricsKey } from './metricsKeys';

/** Rules are evaluated once a minute at most: their values are read again as often. */
const RULES_REFRESH_MS = 60_000;

const rulesKey = (serverId: number) => [...metricsKey(serverId), 'rules'] as const;

/** The server's warning rules with their current value and state. */
export function useWarningRules(serverId: number) {
  return useQuery({
    queryKey: rulesKey(serverId),
    queryFn: ({ signal }) =>
      call(warningRuleRoutes.getAllMonitor, { serverId }, { signal, silent: 'toast' }),
    select: (data) => data.list,
    refetchInterval: RULES_REFRESH_MS,
  });
}

export type RuleInput = RouteInput<typeof warningRuleRoutes.addMonitor>;

/** Add, edit and delete a rule; each reads the rules again. A refused field stays on the form. */
export function useRuleMutations(serverId: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: rulesKey(serverId) });
  const add = useMutation({
    mutationFn: (input: RuleInput) =>
      call(warningRuleRoutes.addMonitor, input, { silent: [Code.illegalParam] }),
    onSuccess,
  });
  const edit = useMutation({
    mutationFn: (input: RuleInput & { id: number }) =>
      call(warningRuleRoutes.editMonitor, input, { silent: [Code.illegalParam] }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(warningRuleRoutes.deleteMonitor, { id }),
    onSuccess,
  });
  return { add, edit, remove };
}
