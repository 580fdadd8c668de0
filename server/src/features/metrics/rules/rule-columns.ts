import type { RouteParsed, warningRuleRoutes } from '@ferry/contract';
import type { NotifyTargets } from '../../../infra/notify/notify-target.js';
import { firstWindowEnd } from './rule-engine.js';

type Form = Omit<RouteParsed<typeof warningRuleRoutes.addMonitor>, 'serverId'>;

/**
 * The columns of a warning rule saved from the add (or edit) form: its settings (the address
 * sealed, or the stored one kept when sent back), and a fresh evaluation from the first whole
 * window ahead of `now`.
 */
export const ruleColumnsOf = (
  form: Form,
  now: number,
  targets: NotifyTargets,
  stored?: string,
) => ({
  item: form.item,
  formula: form.formula,
  operator: form.operator,
  value: form.value,
  group_cycle: form.groupCycle,
  last_cycle: form.lastCycle,
  silent_cycle: form.silentCycle,
  start_time: form.startTime,
  end_time: form.endTime,
  notify_type: form.notifyType,
  notify_target: targets.column(form.notifyTarget, stored),
  state: 'ok' as const,
  breach_count: 0,
  last_value: null as number | null,
  last_eval_time: 0,
  last_alert_time: 0,
  next_eval: firstWindowEnd(now, form.groupCycle),
  lease_owner: '',
  lease_until: 0,
  update_time: now,
});
