import type { ServerMonitorNotice } from '@ferry/contract';
import { formatTime } from '../../../core/clock.js';
import type { NotifyTargets } from '../../../infra/notify/notify-target.js';
import type { NotificationApi } from '../../notification/notification.api.js';
import type { UsableServer } from '../../server/server.api.js';
import type { RuleRecord } from './rule.repository.js';

/** A number as a notice shows it: at most two decimals, no trailing zeros. */
export const valueText = (v: number) => String(Math.round(v * 100) / 100);

/** Minutes as "1h 5m", "15m", "2d 3h". */
export function minutesText(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [d ? `${d}d` : '', h ? `${h}h` : '', m || (!d && !h) ? `${m}m` : ''];
  return parts.filter((p) => p !== '').join(' ');
}

/**
 * Sends a rule's alert or recovery through the one notification service: the namespace's
 * `server_monitor` template per channel, the same data as JSON for a custom webhook. The server
 * is named by its name and address, never a credential.
 */
export function createRuleAlerts(deps: {
  notifications: Pick<NotificationApi, 'notify'>;
  targets: Pick<NotifyTargets, 'open'>;
}) {
  return {
    async send(
      rule: RuleRecord,
      server: UsableServer,
      kind: 'alert' | 'recovery',
      o: { value: number; time: number; breachCount: number },
    ): Promise<void> {
      const recovered = kind === 'recovery';
      const data: ServerMonitorNotice = {
        server: { id: server.id, name: server.name, host: server.ip, description: '' },
        rule: {
          item: rule.item,
          formula: rule.formula,
          operator: rule.operator,
          value: valueText(Number(rule.value)),
        },
        cycleValue: valueText(o.value),
        recovered,
        breachTime: minutesText(o.breachCount * rule.group_cycle),
        time: formatTime(o.time),
      };
      const condition = `${rule.formula} ${data.cycleValue} ${rule.operator} ${data.rule.value}`;
      const subject = recovered
        ? `${server.name} ${rule.item} recovered after ${data.breachTime}`
        : `${server.name} ${rule.item} warning: ${condition}`;
      await deps.notifications.notify({
        namespaceId: rule.namespace_id,
        projectId: 0,
        projectName: '',
        channel: {
          type: rule.notify_type,
          target: deps.targets.open(rule.notify_target),
          secret: '',
        },
        use: 'server_monitor',
        data,
        custom: data,
        subject,
        creator: 'server warning rule',
      });
    },
  };
}

export type RuleAlerts = ReturnType<typeof createRuleAlerts>;
