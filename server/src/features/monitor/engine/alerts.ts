import type { MonitorNotice } from '@ferry/contract';
import { formatTime } from '../../../core/clock.js';
import type { NotifyTargets } from '../../../infra/notify/notify-target.js';
import type { NotificationApi } from '../../notification/notification.api.js';
import type { MonitorRecord } from '../monitor.repository.js';
import { presentMonitor } from '../monitor.presenter.js';
import { formatDuration } from './state-machine.js';

const TYPE_NAMES: Record<number, string> = {
  1: 'HTTP',
  2: 'TCP',
  3: 'Ping',
  4: 'Process',
  5: 'Script',
};

/**
 * An address as an alert may show it: without the user and password it may carry, and without its
 * query (tokens travel there). SECURITY: alerts go to chat channels outside the console.
 */
export function redactUrls(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s"'<>]+/gi, (url) => {
    try {
      const u = new URL(url);
      const query = u.search ? '?…' : '';
      return `${u.protocol}//${u.host}${u.pathname}${query}`;
    } catch {
      return url.replace(/\/\/[^@/\s]*@/, '//');
    }
  });
}

/** What a monitor's target reads in an alert: its items, one per line-part. */
function targetText(m: MonitorRecord): string {
  try {
    const items = (JSON.parse(m.target) as { items?: unknown }).items;
    return Array.isArray(items) ? redactUrls(items.map(String).join(', ')) : '';
  } catch {
    return '';
  }
}

/**
 * goploy's `Monitor` of a custom webhook's body (its `notify.MonitorData`), its keys in its order.
 * SECURITY: no script (both are ''), the items without credentials or queries, the notify address
 * masked.
 */
function goployMonitor(m: MonitorRecord, notifyTarget: string) {
  const row = presentMonitor(m, notifyTarget);
  return {
    id: row.id,
    namespaceId: row.namespaceId,
    name: row.name,
    type: row.type,
    target: {
      items: row.target.items.map(redactUrls),
      timeout: row.target.timeout,
      process: row.target.process,
      script: '',
    },
    second: row.second,
    times: row.times,
    silentCycle: row.silentCycle,
    notifyType: row.notifyType,
    notifyTarget: row.notifyTarget,
    successServerId: row.successServerId,
    successScript: '',
    failServerId: row.failServerId,
    failScript: '',
    description: row.description,
    errorContent: redactUrls(row.errorContent),
    state: row.state,
    insertTime: row.insertTime,
    updateTime: row.updateTime,
  };
}

/**
 * Sends a monitor's alert (down, repeated) or recovery through the one notification service: the
 * namespace's monitor template per channel, the data as JSON for a custom webhook: goploy's
 * `Monitor` and `ErrorMsg` first, so receivers written for goploy read it, then ours. Neither
 * holds the notify address, a script or a server secret; addresses lose credentials and queries.
 */
export function createMonitorAlerts(deps: {
  notifications: Pick<NotificationApi, 'notify'>;
  targets: Pick<NotifyTargets, 'open' | 'shown'>;
}) {
  return {
    async send(
      m: MonitorRecord,
      kind: 'down' | 'repeat' | 'recovered',
      o: { error: string; now: number; downSince: number },
    ): Promise<void> {
      const data: MonitorNotice = {
        monitor: { id: m.id, name: m.name, type: TYPE_NAMES[m.type] ?? '', target: targetText(m) },
        error: kind === 'recovered' ? '' : redactUrls(o.error).slice(0, 2048),
        recovered: kind === 'recovered',
        time: formatTime(o.now),
        downSince: formatTime(o.downSince),
        downtime: formatDuration(o.now - o.downSince),
      };
      const subject =
        kind === 'recovered'
          ? `Monitor ${m.name} is up again after ${data.downtime}`
          : `Monitor ${m.name} is down${kind === 'repeat' ? ' (reminder)' : ''}`;
      await deps.notifications.notify({
        namespaceId: m.namespace_id,
        projectId: 0,
        projectName: '',
        channel: { type: m.notify_type, target: deps.targets.open(m.notify_target), secret: '' },
        use: 'monitor',
        data,
        custom: {
          Monitor: goployMonitor(m, deps.targets.shown(m.notify_target)),
          ErrorMsg: data.error,
          ...data,
        },
        subject,
        creator: 'monitor',
      });
    },
  };
}

export type MonitorAlerts = ReturnType<typeof createMonitorAlerts>;
