import type { RuleState, WarningRuleRow } from '@ferry/contract';
import { formatTime } from '../../../core/clock.js';
import type { RuleRecord } from './rule.repository.js';

/** goploy's rule row, plus the evaluation's state; `notifyTarget` is the masked address. */
export function presentRule(r: RuleRecord, notifyTarget: string): WarningRuleRow {
  return {
    id: r.id,
    serverId: r.server_id,
    item: r.item,
    formula: r.formula,
    operator: r.operator,
    value: Number(r.value),
    groupCycle: r.group_cycle,
    lastCycle: r.last_cycle,
    silentCycle: r.silent_cycle,
    startTime: r.start_time,
    endTime: r.end_time,
    notifyType: r.notify_type,
    notifyTarget,
    insertTime: formatTime(r.insert_time),
    updateTime: formatTime(r.update_time),
    state: r.state as RuleState,
    lastValue: r.last_value === null ? null : Number(r.last_value),
    lastEvalTime: formatTime(r.last_eval_time),
    breachCount: r.breach_count,
    lastAlertTime: formatTime(r.last_alert_time),
  };
}
