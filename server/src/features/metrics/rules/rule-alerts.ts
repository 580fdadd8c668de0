import type { ServerMonitorNotice } from '@ferry/contract';
import { formatTime } from '../../../core/clock.js';
import type { NotifyTargets } from '../../../infra/notify/notify-target.js';
import type { NotificationApi } from '../../notification/notification.api.js';
import type { ServerDirectory, ServerRow, UsableServer } from '../../server/server.api.js';
import { presentRule } from './rule.presenter.js';
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
 * goploy's `Server` of a custom webhook's body, its keys in its order; from what the rule saw of
 * it when its row is gone since. SECURITY: no secret.
 */
function goployServer(row: ServerRow | undefined, seen: UsableServer) {
  const s = row ?? {
    ...seen,
    path: '',
    jumpIP: '',
    jumpPort: 0,
    jumpOwner: '',
    jumpPath: '',
    description: '',
    os: '',
    osInfo: '',
    state: 1,
    insertTime: '',
    updateTime: '',
  };
  return {
    id: s.id,
    name: s.name,
    ip: s.ip,
    port: s.port,
    owner: s.owner,
    path: s.path,
    password: '',
    jumpIP: s.jumpIP,
    jumpPort: s.jumpPort,
    jumpOwner: s.jumpOwner,
    jumpPath: s.jumpPath,
    jumpPassword: '',
    namespaceId: s.namespaceId,
    description: s.description,
    os: s.os,
    osInfo: s.osInfo,
    state: s.state,
    insertTime: s.insertTime,
    updateTime: s.updateTime,
  };
}

/** goploy's `ServerMonitor` (the rule) of a custom webhook's body; the notify address masked. */
function goployRule(r: RuleRecord, notifyTarget: string) {
  const row = presentRule(r, notifyTarget);
  return {
    id: row.id,
    serverId: row.serverId,
    item: row.item,
    formula: row.formula,
    operator: row.operator,
    // goploy keeps the threshold as text.
    value: valueText(row.value),
    groupCycle: row.groupCycle,
    lastCycle: row.lastCycle,
    silentCycle: row.silentCycle,
    startTime: row.startTime,
    endTime: row.endTime,
    notifyType: row.notifyType,
    notifyTarget: row.notifyTarget,
    insertTime: row.insertTime,
    updateTime: row.updateTime,
  };
}

/**
 * Sends a rule's alert or recovery through the one notification service: the namespace's
 * `server_monitor` template per channel, the same data as JSON for a custom webhook, after
 * goploy's `Server`, `ServerMonitor` and `CycleValue` so receivers written for goploy read it.
 * The server is named by its name and address, never a credential.
 */
export function createRuleAlerts(deps: {
  notifications: Pick<NotificationApi, 'notify'>;
  targets: Pick<NotifyTargets, 'open' | 'shown'>;
  servers: Pick<ServerDirectory, 'shown'>;
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
        custom: {
          Server: goployServer(await deps.servers.shown(server.id), server),
          ServerMonitor: goployRule(rule, deps.targets.shown(rule.notify_target)),
          CycleValue: data.cycleValue,
          ...data,
        },
        subject,
        creator: 'server warning rule',
      });
    },
  };
}

export type RuleAlerts = ReturnType<typeof createRuleAlerts>;
