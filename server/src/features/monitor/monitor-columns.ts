import type { RouteParsed, monitorRoutes } from '@ferry/contract';
import type { NotifyTargets } from '../../infra/notify/notify-target.js';

type Form = RouteParsed<typeof monitorRoutes.add>;

/**
 * The columns of a monitor saved from the add (or edit) form: the target as JSON, the
 * notification address sealed, or the stored one kept (`stored`) when the form sent it back.
 */
export const monitorColumnsOf = (form: Form, targets: NotifyTargets, stored?: string) => ({
  name: form.name,
  type: form.type,
  target: JSON.stringify(form.target),
  second: form.second,
  times: form.times,
  silent_cycle: form.silentCycle,
  notify_type: form.notifyType,
  notify_target: targets.column(form.notifyTarget, stored),
  notify_times: form.notifyTimes,
  description: form.description,
  success_server_id: form.successServerId,
  success_script: form.successScript,
  success_script_always: form.successScriptAlways,
  fail_server_id: form.failServerId,
  fail_script: form.failScript,
  fail_script_always: form.failScriptAlways,
});

/**
 * The live state of a monitor never checked: checked from `now` when `state` is 1, paused
 * (never due) when 0.
 */
export const newMonitorState = (state: 0 | 1, now: number) => ({
  state,
  status: state === 1 ? 'unknown' : 'paused',
  fail_count: 0,
  down_since: 0,
  last_alert_time: 0,
  alerts_sent: 0,
  incident_id: 0,
  last_check_time: 0,
  last_latency_ms: 0,
  last_error: '',
  next_check: state === 1 ? now : 0,
  lease_owner: '',
  lease_until: 0,
  version: 0,
});
