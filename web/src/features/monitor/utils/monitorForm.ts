import {
  DEFAULT_ACCEPTED_STATUSES,
  DEFAULT_CERT_WARN_DAYS,
  DEFAULT_CHECK_TIMEOUT_S,
  FOLLOW_ITEM_SERVER,
  MIN_MONITOR_INTERVAL_S,
  MonitorType,
  type MonitorTypeId,
} from '@ferry/contract/client';
import type { FieldPath } from '../../../api/fieldError';
import type { CheckInput, MonitorInput, MonitorRow } from './MonitorRow';

export type FormMode = 'add' | 'edit';

/**
 * The form's values: the target's fields flattened next to the monitor's, its items as text for
 * site, port and ping checks and as server ids for process and script checks.
 */
export interface MonitorFormValues {
  name: string;
  type: MonitorTypeId;
  /** Site URLs, `host:port` addresses or ping hosts. */
  items: string[];
  /** Process and script checks: the servers they run on. */
  serverIds: number[];
  timeout: number;
  method: 'GET' | 'HEAD';
  statuses: string;
  keyword: string;
  keywordMode: 'contains' | 'absent';
  maxResponseMs: number;
  certWarnDays: number;
  process: string;
  script: string;
  second: number;
  times: number;
  silentCycle: number;
  notifyTimes: number;
  notifyType: number;
  notifyTarget: string;
  description: string;
  successServerId: number;
  successScript: string;
  successScriptAlways: boolean;
  failServerId: number;
  failScript: string;
  failScriptAlways: boolean;
}

/** Whether a check of this type runs on servers (its items are server ids). */
export const onServers = (type: number): boolean =>
  type === MonitorType.process || type === MonitorType.script;

export const BLANK_FORM: MonitorFormValues = {
  name: '',
  type: MonitorType.site,
  items: [''],
  serverIds: [],
  timeout: DEFAULT_CHECK_TIMEOUT_S,
  method: 'GET',
  statuses: DEFAULT_ACCEPTED_STATUSES,
  keyword: '',
  keywordMode: 'contains',
  maxResponseMs: 0,
  certWarnDays: DEFAULT_CERT_WARN_DAYS,
  process: '',
  script: '',
  second: 60,
  times: 3,
  silentCycle: 10,
  notifyTimes: 0,
  notifyType: 0,
  notifyTarget: '',
  description: '',
  successServerId: FOLLOW_ITEM_SERVER,
  successScript: '',
  successScriptAlways: false,
  failServerId: FOLLOW_ITEM_SERVER,
  failScript: '',
  failScriptAlways: false,
};

/** The form's first values: the monitor's, or a blank site check. */
export function formValuesOf(row?: MonitorRow): MonitorFormValues {
  if (!row) return { ...BLANK_FORM, items: [''] };
  const t = row.target;
  const servers = onServers(row.type);
  return {
    name: row.name,
    type: row.type as MonitorTypeId,
    items: servers ? [''] : [...t.items],
    serverIds: servers ? t.items.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [],
    timeout: t.timeout,
    method: t.method === 'HEAD' ? 'HEAD' : 'GET',
    statuses: t.statuses,
    keyword: t.keyword,
    keywordMode: t.keywordMode === 'absent' ? 'absent' : 'contains',
    maxResponseMs: t.maxResponseMs,
    certWarnDays: t.certWarnDays,
    process: t.process,
    script: t.script,
    second: Math.max(row.second, MIN_MONITOR_INTERVAL_S),
    times: row.times,
    silentCycle: row.silentCycle,
    notifyTimes: row.notifyTimes,
    notifyType: row.notifyType,
    notifyTarget: row.notifyTarget,
    description: row.description,
    successServerId: row.successServerId,
    successScript: row.successScript,
    successScriptAlways: row.successScriptAlways === 1,
    failServerId: row.failServerId,
    failScript: row.failScript,
    failScriptAlways: row.failScriptAlways === 1,
  };
}

/** The target as the server stores it, for the form's type; sent as JSON text as goploy's is. */
export function targetOf(v: MonitorFormValues) {
  const site = v.type === MonitorType.site;
  return {
    items: onServers(v.type) ? v.serverIds.map(String) : v.items.map((i) => i.trim()),
    timeout: v.timeout,
    process: v.type === MonitorType.process ? v.process.trim() : '',
    script: v.type === MonitorType.script ? v.script : '',
    method: site ? v.method : 'GET',
    statuses: site ? v.statuses.trim() : DEFAULT_ACCEPTED_STATUSES,
    keyword: site ? v.keyword : '',
    keywordMode: site ? v.keywordMode : 'contains',
    maxResponseMs: site ? v.maxResponseMs : 0,
    certWarnDays: site ? v.certWarnDays : DEFAULT_CERT_WARN_DAYS,
  };
}

/** The check's fields: what "Test" sends, without the scripts unless they are to run. */
export function checkInputOf(v: MonitorFormValues, runScripts: boolean): CheckInput {
  return {
    type: v.type,
    target: JSON.stringify(targetOf(v)),
    successServerId: v.successServerId,
    successScript: runScripts ? v.successScript : '',
    failServerId: v.failServerId,
    failScript: runScripts ? v.failScript : '',
    runScripts: runScripts ? 1 : 0,
  };
}

/** What add and edit send. */
export function monitorInputOf(v: MonitorFormValues): MonitorInput {
  return {
    name: v.name.trim(),
    type: v.type,
    target: JSON.stringify(targetOf(v)),
    second: v.second,
    times: v.times,
    silentCycle: v.silentCycle,
    notifyTimes: v.notifyTimes,
    notifyType: v.notifyType,
    notifyTarget: v.notifyType === 0 ? '' : v.notifyTarget.trim(),
    description: v.description.trim(),
    successServerId: v.successServerId,
    successScript: v.successScript,
    successScriptAlways: v.successScriptAlways ? 1 : 0,
    failServerId: v.failServerId,
    failScript: v.failScript,
    failScriptAlways: v.failScriptAlways ? 1 : 0,
  };
}

/** The form's top-level fields, as the server's refusals name them. */
const FORM_FIELDS = new Set<string>(Object.keys(BLANK_FORM));

/**
 * The form field a refusal's path names (`target.items.0`, `target.statuses`, `second`): the
 * target's fields are the form's own, an item of a process or script check is the server picker.
 * Undefined for a path the form has no field for.
 */
export function formFieldOf(path: FieldPath, type: number): FieldPath | undefined {
  const [head, ...rest] = path;
  if (head === 'target') {
    const [field, index] = rest;
    if (field === 'items') {
      if (onServers(type)) return ['serverIds'];
      return typeof index === 'number' ? ['items', index] : ['items'];
    }
    return typeof field === 'string' && FORM_FIELDS.has(field) ? [field] : undefined;
  }
  return typeof head === 'string' && FORM_FIELDS.has(head) ? [head] : undefined;
}
