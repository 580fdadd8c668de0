import type { MonitorState } from '@ferry/contract';

/** A monitor's state between two checks, as the `monitor` row keeps it. */
export interface MonitorStatus {
  status: MonitorState;
  /** Failed checks in a row. */
  failCount: number;
  /** The first failed check of the streak (ms); 0 while it passes. */
  downSince: number;
  /** The last alert of the outage (ms); 0 when none was sent. */
  lastAlertTime: number;
  /** Alerts sent in this outage, the first included. */
  alertsSent: number;
}

/** The monitor's settings the decision reads. */
export interface MonitorSettings {
  /** Failed checks in a row that make it down. */
  times: number;
  /** Minutes between two alerts of one outage. */
  silentCycle: number;
  /** Repeated alerts per outage at most; 0 no limit. */
  notifyTimes: number;
  failScriptAlways: boolean;
  successScriptAlways: boolean;
}

/** What to do after a check. */
export interface MonitorActions {
  /** The alert to send: down (the first), repeat (still down) or recovered. */
  alert: 'down' | 'repeat' | 'recovered' | null;
  failScript: boolean;
  successScript: boolean;
  /** An outage starts (with `alert: 'down'`) or ends (with `alert: 'recovered'`). */
  incident: 'open' | 'close' | null;
  /** On recovery: how long it was down (ms), from its first failed check. */
  downtimeMs: number;
  /** The status changed (the hub tells the page). */
  changed: boolean;
}

export const INITIAL_STATUS: MonitorStatus = {
  status: 'unknown',
  failCount: 0,
  downSince: 0,
  lastAlertTime: 0,
  alertsSent: 0,
};

const none: Omit<MonitorActions, 'changed'> = {
  alert: null,
  failScript: false,
  successScript: false,
  incident: null,
  downtimeMs: 0,
};

/**
 * The state machine of one monitor, a pure function: up → failing (failures counted) → down when
 * the count reaches `times` (alert, fail script, outage opened); while down, the alert repeats at
 * most every `silentCycle` minutes and at most `notifyTimes` times; a pass brings it up again with
 * a recovery notice and the downtime, the success script and the outage closed. Checks never stop
 * while it is silent, so a recovery is seen at the next check.
 */
export function decide(
  s: MonitorStatus,
  ok: boolean,
  now: number,
  settings: MonitorSettings,
): { next: MonitorStatus; actions: MonitorActions } {
  if (ok) {
    const next: MonitorStatus = { ...INITIAL_STATUS, status: 'up' };
    const changed = s.status !== 'up';
    if (s.status === 'down') {
      return {
        next,
        actions: {
          ...none,
          alert: 'recovered',
          successScript: true,
          incident: 'close',
          downtimeMs: Math.max(0, now - s.downSince),
          changed,
        },
      };
    }
    return { next, actions: { ...none, successScript: settings.successScriptAlways, changed } };
  }

  const failCount = s.failCount + 1;
  const downSince = s.failCount === 0 || s.downSince === 0 ? now : s.downSince;
  const always = settings.failScriptAlways;
  if (s.status === 'down') {
    const repeats = s.alertsSent - 1;
    const silentOver = now - s.lastAlertTime >= settings.silentCycle * 60_000;
    const allowed = settings.notifyTimes === 0 || repeats < settings.notifyTimes;
    const repeat = silentOver && allowed;
    return {
      next: {
        ...s,
        failCount,
        downSince,
        lastAlertTime: repeat ? now : s.lastAlertTime,
        alertsSent: repeat ? s.alertsSent + 1 : s.alertsSent,
      },
      actions: { ...none, alert: repeat ? 'repeat' : null, failScript: always, changed: false },
    };
  }
  if (failCount >= settings.times) {
    return {
      next: { status: 'down', failCount, downSince, lastAlertTime: now, alertsSent: 1 },
      actions: { ...none, alert: 'down', failScript: true, incident: 'open', changed: true },
    };
  }
  return {
    next: { ...INITIAL_STATUS, status: 'failing', failCount, downSince },
    actions: { ...none, failScript: always, changed: s.status !== 'failing' },
  };
}

/** A duration as people read it: "1h 5m 12s", "3d 2h", "40s". */
export function formatDuration(ms: number): string {
  let s = Math.round(ms / 1000);
  const d = Math.floor(s / 86_400);
  s -= d * 86_400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const parts = [d && `${d}d`, h && `${h}h`, m && `${m}m`, s && `${s}s`].filter(Boolean);
  return parts.length === 0 ? '0s' : parts.slice(0, 3).join(' ');
}
