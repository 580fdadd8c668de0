import { z } from 'zod';
import {
  flagField,
  idField,
  idListField,
  intField,
  optionalLines,
  pagedList,
  pagination,
  stringField,
  textField,
  uintField,
} from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { httpUrlField } from '../project/project-fields.js';
import { isHost } from '../server/server-constants.js';
import {
  MAX_MONITOR_INTERVAL_S,
  MIN_MONITOR_INTERVAL_S,
  MONITOR_STATES,
  MonitorType,
} from './monitor-constants.js';
import {
  MAX_MONITOR_TIMES,
  MAX_NOTIFY_TIMES,
  MAX_SILENT_CYCLE_MIN,
  MONITOR_RANGES,
  MAX_SPARKLINE_IDS,
  MONITOR_SCRIPT_MAX_BYTES,
} from './monitor-form-constants.js';
import { monitorTargetObject, siteOptionsLeftOut } from './monitor-target.js';

const utf8 = new TextEncoder();
const TARGET_RULE = 'must be a target {items, timeout, process, script} or its JSON text';

/** goploy's forms send the target as JSON text; ours may send the object. */
export const monitorTargetField = z
  .preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z.custom<unknown>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
      error: (iss) => (iss.input === undefined ? 'is required' : TARGET_RULE),
    }),
  )
  .meta({ type: ['object', 'string'], description: TARGET_RULE });

const scriptField = stringField()
  .refine(
    (v) => utf8.encode(v).length <= MONITOR_SCRIPT_MAX_BYTES,
    `must be at most ${MONITOR_SCRIPT_MAX_BYTES} bytes`,
  )
  .optional()
  .default('');

/** A server for a success or fail script: a server id, or 0 for the server of the item. */
const scriptServerField = uintField.optional().default(0);

const STATUSES = /^\d{3}(-\d{3})?(,\d{3}(-\d{3})?)*$/;
const SERVER_ID = /^[1-9]\d{0,9}$/;

/** The problems of a target for its type, as `[path, rule]` (the path below `target`). */
export function monitorTargetProblems(type: number, target: unknown): [string, string][] {
  const parsed = monitorTargetObject.safeParse(target);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => [['target', ...i.path].join('.'), i.message]);
  }
  const t = parsed.data;
  const out: [string, string][] = [];
  t.items.forEach((item, i) => {
    const rule = itemProblem(type, item);
    if (rule) out.push([`target.items.${i}`, rule]);
  });
  if (type === MonitorType.process && t.process.trim() === '') {
    out.push(['target.process', 'must name the process to look for']);
  }
  if (type === MonitorType.script && t.script.trim() === '') {
    out.push(['target.script', 'must not be empty']);
  }
  if (type === MonitorType.site && !STATUSES.test(t.statuses.replace(/\s/g, ''))) {
    out.push(['target.statuses', 'must be statuses or ranges such as 200-399 or 200,204,301-302']);
  }
  return out;
}

function itemProblem(type: number, item: string): string | undefined {
  switch (type) {
    case MonitorType.site: {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      return url && (url.protocol === 'http:' || url.protocol === 'https:')
        ? undefined
        : 'must be an http:// or https:// address';
    }
    case MonitorType.port: {
      const m = /^(.+):(\d{1,5})$/.exec(item);
      const host = m?.[1]?.replace(/^\[(.*)\]$/, '$1') ?? '';
      const port = Number(m?.[2] ?? 0);
      return m && isHost(host) && port >= 1 && port <= 65535
        ? undefined
        : 'must be host:port with a port from 1 to 65535';
    }
    case MonitorType.ping:
      return isHost(item) ? undefined : 'must be a host name or an IP address';
    default:
      return SERVER_ID.test(item) ? undefined : 'must be a server id';
  }
}

/**
 * Where a monitor's alerts go: goploy's channel type (0 none, 1 WeCom, 2 DingTalk, 3 Feishu, 255
 * custom webhook) and its address. Server warning rules and cron jobs notify through the same
 * fields. On edit, the masked address the list answered keeps the stored one.
 */
export const notifyFields = {
  notifyType: intField(0, 255)
    .refine((n) => [0, 1, 2, 3, 255].includes(n), 'must be one of 0, 1, 2, 3, 255')
    .optional()
    .default(0),
  notifyTarget: httpUrlField,
};

/** The rule tying the notify fields together: a channel needs its address. */
export function notifyProblem(v: { notifyType: number; notifyTarget: string }) {
  return v.notifyType !== 0 && v.notifyTarget === ''
    ? { path: 'notifyTarget', message: 'must not be empty when a notification is set' }
    : undefined;
}

/** The fields a check needs: the kind, its target and the scripts that follow it. */
const checkFields = {
  type: intField(1, 5),
  target: monitorTargetField,
  successServerId: scriptServerField,
  successScript: scriptField,
  failServerId: scriptServerField,
  failScript: scriptField,
};

const formFields = {
  name: textField(1, 255),
  ...checkFields,
  /** Seconds between two checks. */
  second: intField(MIN_MONITOR_INTERVAL_S, MAX_MONITOR_INTERVAL_S),
  /** Failed checks in a row before the monitor is down and alerts. */
  times: intField(1, MAX_MONITOR_TIMES),
  /** Minutes between two alerts of one outage. */
  silentCycle: intField(1, MAX_SILENT_CYCLE_MIN),
  /** Ours: repeated alerts per outage at most; 0 repeats every silent cycle (goploy). */
  notifyTimes: intField(0, MAX_NOTIFY_TIMES).optional().default(0),
  ...notifyFields,
  /** goploy's form is a textarea: line breaks are kept. */
  description: optionalLines(255),
  /** Ours: the fail script after every failed check, not only when the monitor goes down. */
  failScriptAlways: flagField.optional().default(0),
  /** Ours: the success script after every passing check, not only on recovery. */
  successScriptAlways: flagField.optional().default(0),
};

interface NotifyShape {
  notifyType: number;
  notifyTarget: string;
}

interface CheckShape {
  type: number;
  target: unknown;
  successServerId: number;
  successScript: string;
  failServerId: number;
  failScript: string;
}

/** Cross-field rules: the target for its type, and where scripts can run. */
function checkProblems(v: CheckShape): [string, string][] {
  const out = monitorTargetProblems(v.type, v.target);
  const followable = v.type === MonitorType.process || v.type === MonitorType.script;
  for (const kind of ['success', 'fail'] as const) {
    const script = v[`${kind}Script`];
    if (script.trim() !== '' && v[`${kind}ServerId`] === 0 && !followable) {
      out.push([`${kind}ServerId`, 'must name a server: only process and script items have one']);
    }
  }
  return out;
}

const withCheckProblems = <T extends z.ZodType<CheckShape & Record<string, unknown>>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const [path, message] of checkProblems(v)) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    }
    const notify = 'notifyType' in v ? notifyProblem(v as typeof v & NotifyShape) : undefined;
    if (notify) ctx.addIssue({ code: 'custom', path: [notify.path], message: notify.message });
  });

/** The form of `/monitor/add` and `/monitor/edit`: the target parsed, with its defaults. */
export const monitorForm = withCheckProblems(z.object(formFields)).transform((v) => ({
  ...v,
  target: monitorTargetObject.parse(v.target),
}));

/** A target as goploy's list shows it, plus our site options. */
const targetRow = z.object({
  items: z.array(z.string()),
  timeout: z.number(),
  process: z.string(),
  script: z.string(),
  method: z.string(),
  statuses: z.string(),
  keyword: z.string(),
  keywordMode: z.string(),
  maxResponseMs: z.number(),
  certWarnDays: z.number(),
});

/** goploy's monitor row, plus ours: the live state, uptime and our options. */
export const monitorRow = z.object({
  id: z.number(),
  namespaceId: z.number(),
  name: z.string(),
  type: z.number(),
  target: targetRow,
  second: z.number(),
  times: z.number(),
  silentCycle: z.number(),
  notifyType: z.number(),
  /** The address with its secret parts masked (`maskNotifyTarget`). */
  notifyTarget: z.string(),
  notifyTimes: z.number(),
  successServerId: z.number(),
  successScript: z.string(),
  successScriptAlways: z.number(),
  failServerId: z.number(),
  failScript: z.string(),
  failScriptAlways: z.number(),
  description: z.string(),
  /** The error of the last alert (goploy), kept after recovery. */
  errorContent: z.string(),
  /** 1 checked, 0 paused. */
  state: z.number(),
  status: z.enum(MONITOR_STATES),
  /** Failed checks in a row. */
  failCount: z.number(),
  /** The last check; '' before the first. */
  lastCheckTime: z.string(),
  latencyMs: z.number(),
  /** Why the last check failed ('' when it passed). */
  lastError: z.string(),
  /** Percent of passing checks (two decimals); null when there was none in the range. */
  uptime24h: z.number().nullable(),
  uptime7d: z.number().nullable(),
  uptime30d: z.number().nullable(),
  insertTime: z.string(),
  updateTime: z.string(),
});
export type MonitorRow = z.output<typeof monitorRow>;

/** goploy's route: the namespace's monitors. */
export const getList = route({
  method: 'GET',
  path: '/monitor/getList',
  access: anyOf(Perm.ShowMonitorPage),
  input: z.object({}),
  output: z.object({ list: z.array(monitorRow) }),
});

/** goploy's route. */
export const add = route({
  method: 'POST',
  path: '/monitor/add',
  access: anyOf(Perm.AddMonitor),
  input: monitorForm,
  output: z.object({ id: z.number() }),
});

/** goploy's route: the whole form again; the live state is kept. */
export const edit = route({
  method: 'PUT',
  path: '/monitor/edit',
  access: anyOf(Perm.EditMonitor),
  input: withCheckProblems(z.object({ id: idField, ...formFields })).transform((v) => ({
    ...v,
    target: monitorTargetObject.parse(v.target),
    /** Site options the form left out (goploy's): they keep their stored values. */
    keptSiteOptions: siteOptionsLeftOut(v.target),
  })),
  output: z.null(),
});

/**
 * Ours: the monitor's notification address in full (answers show it masked), for whoever may
 * edit the monitor. A POST, so the operation log records who read it (the address as `***`).
 */
export const showNotifyTarget = route({
  method: 'POST',
  path: '/monitor/showNotifyTarget',
  access: anyOf(Perm.EditMonitor),
  input: z.object({ id: idField }),
  output: z.object({ notifyTarget: z.string() }),
  secretOutput: true,
});

/** goploy's route: 1 checks the monitor again, 0 pauses it. */
export const toggle = route({
  method: 'PUT',
  path: '/monitor/toggle',
  access: anyOf(Perm.EditMonitor),
  input: z.object({ id: idField, state: flagField }),
  output: z.null(),
});

/** goploy's route: the monitor goes with its results and incidents. */
export const remove = route({
  method: 'DELETE',
  path: '/monitor/remove',
  access: anyOf(Perm.DeleteMonitor),
  input: z.object({ id: idField }),
  output: z.null(),
});

/** One success or fail script run by a check. */
export const scriptRun = z.object({
  /** `success` or `fail`. */
  kind: z.string(),
  serverId: z.number(),
  /** The exit code; null when it did not end by itself (timeout, unreachable). */
  code: z.number().nullable(),
  stdout: z.string(),
  stderr: z.string(),
  durationMs: z.number(),
});

const itemResult = z.object({
  item: z.string(),
  ok: z.boolean(),
  latencyMs: z.number(),
  message: z.string(),
  certDaysLeft: z.number().optional(),
  via: z.enum(['icmp', 'tcp']).optional(),
});

/**
 * The form's "Test": one check, without the success and fail scripts unless `runScripts` is 1
 * (goploy always runs them). A passing check answers code 0; a failing one code 2 with the
 * check's message, as goploy, and the same `data` either way.
 */
export const check = route({
  method: 'POST',
  path: '/monitor/check',
  access: anyOf(Perm.AddMonitor, Perm.EditMonitor),
  input: withCheckProblems(
    z.object({ ...checkFields, runScripts: flagField.optional().default(0) }),
  ).transform((v) => ({ ...v, target: monitorTargetObject.parse(v.target) })),
  output: z.object({
    ok: z.boolean(),
    latencyMs: z.number(),
    message: z.string(),
    items: z.array(itemResult),
    scripts: z.array(scriptRun),
  }),
});

/** One point of the response-time chart: the checks of a bucket starting at `time`. */
export const checkPoint = z.object({
  time: z.string(),
  checks: z.number(),
  failures: z.number(),
  /** Average latency of the bucket's checks, ms. */
  latencyMs: z.number(),
  latencyMin: z.number(),
  latencyMax: z.number(),
});

/** Ours: the chart of a range, about 300 points, raw or rolled up by range. */
export const getChecks = route({
  method: 'GET',
  path: '/monitor/getChecks',
  access: anyOf(Perm.ShowMonitorPage),
  input: z.object({
    id: idField,
    range: z.enum(MONITOR_RANGES, `must be one of ${MONITOR_RANGES.join(', ')}`).default('hour'),
  }),
  output: z.object({
    range: z.enum(MONITOR_RANGES),
    /** Seconds per point. */
    step: z.number(),
    points: z.array(checkPoint),
  }),
});

/** One outage: from the first failed check to the passing one ('' while it lasts). */
export const incidentRow = z.object({
  id: z.number(),
  monitorId: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  /** Seconds down, up to now while it lasts. */
  duration: z.number(),
  error: z.string(),
  alertsSent: z.number(),
  recoverySent: z.number(),
  failScriptOutput: z.string(),
  successScriptOutput: z.string(),
});

/** Ours: a monitor's outages, newest first. */
export const getIncidents = route({
  method: 'GET',
  path: '/monitor/getIncidents',
  access: anyOf(Perm.ShowMonitorPage),
  input: z.object({ id: idField, ...pagination }),
  output: pagedList(incidentRow),
});

/**
 * Ours: the list's sparklines, the last hour of many monitors at once: per monitor, up to 60
 * points `[time, latencyMs]` (the bucket's average latency), with `latencyMs` null when every
 * check of the bucket failed. Another namespace's monitors are silently absent.
 */
export const getSparklines = route({
  method: 'GET',
  path: '/monitor/getSparklines',
  access: anyOf(Perm.ShowMonitorPage),
  input: z.object({
    ids: idListField.pipe(
      z.array(z.number()).max(MAX_SPARKLINE_IDS, `must name at most ${MAX_SPARKLINE_IDS} ids`),
    ),
  }),
  output: z.object({
    list: z.array(
      z.object({
        id: z.number(),
        points: z.array(z.tuple([z.string(), z.number().nullable()])),
      }),
    ),
  }),
});
