import { z } from 'zod';
import {
  DEFAULT_ACCEPTED_STATUSES,
  DEFAULT_CERT_WARN_DAYS,
  DEFAULT_CHECK_TIMEOUT_S,
  MAX_CHECK_TIMEOUT_S,
  MAX_MONITOR_ITEMS,
} from './monitor-constants.js';

/** The lowest and highest HTTP status a site check may accept. */
const MIN_STATUS = 100;
const MAX_STATUS = 599;
const STATUSES_MESSAGE =
  'must be HTTP statuses (100-599) or ranges separated by commas, e.g. 200-399 or 200,204,301-302';

/** An accepted status set: inclusive ranges, each `[low, high]`. */
export type StatusRanges = readonly (readonly [number, number])[];

/**
 * The accepted statuses of a site check: `200-399`, `200,204,301-302` (spaces allowed around
 * the commas and dashes). A blank text is the default set (`DEFAULT_ACCEPTED_STATUSES`).
 * Undefined when the text is not such a list, a status is outside 100-599 or a range is
 * reversed.
 */
export function parseStatuses(text: string): StatusRanges | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return parseStatuses(DEFAULT_ACCEPTED_STATUSES);
  const ranges: [number, number][] = [];
  for (const part of trimmed.split(',')) {
    const m = /^\s*(\d{3})\s*(?:-\s*(\d{3})\s*)?$/.exec(part);
    if (!m) return undefined;
    const low = Number(m[1]);
    const high = m[2] === undefined ? low : Number(m[2]);
    if (low < MIN_STATUS || high > MAX_STATUS || low > high) return undefined;
    ranges.push([low, high]);
  }
  return ranges;
}

/** Whether `status` is in `ranges`. */
export const statusAccepted = (ranges: StatusRanges, status: number): boolean =>
  ranges.some(([low, high]) => status >= low && status <= high);

/**
 * A monitor's `target`, as goploy stores it (`{items, timeout, process, script}`, timeout in
 * seconds) plus our site options. goploy's forms send it as JSON text; ours may send the object.
 * Items are strings whatever the type (goploy's process and script items are server ids as text).
 */
export const monitorTargetObject = z.object({
  items: z
    .array(
      z.string().trim().min(1, 'must not be empty').max(2048, 'must be at most 2048 characters'),
    )
    .min(1, 'must name at least one item')
    .max(MAX_MONITOR_ITEMS, `must name at most ${MAX_MONITOR_ITEMS} items`),
  timeout: z.coerce
    .number('must be a number')
    .int('must be an integer')
    .refine((s) => s === 0 || s >= 1, 'must be at least 1')
    .max(MAX_CHECK_TIMEOUT_S, `must be at most ${MAX_CHECK_TIMEOUT_S}`)
    // goploy's form sends 0 for an empty field (its checks then wait without limit): not set.
    .transform((s) => s || DEFAULT_CHECK_TIMEOUT_S)
    .default(DEFAULT_CHECK_TIMEOUT_S),
  /** Process checks: the process name to look for (matched as a fixed string, never a pattern). */
  process: z.string().max(255, 'must be at most 255 characters').default(''),
  /** Script checks: the script, run by the server's `sh`, server variables substituted. */
  script: z
    .string()
    .max(64 * 1024, 'must be at most 65536 characters')
    .default(''),
  /** Ours, site checks: GET (default) or HEAD. */
  method: z.enum(['GET', 'HEAD'], 'must be GET or HEAD').default('GET'),
  /** Ours, site checks: accepted statuses, e.g. `200-399` or `200,204,301-302`. */
  statuses: z
    .string()
    .max(255, 'must be at most 255 characters')
    .refine((text) => parseStatuses(text) !== undefined, STATUSES_MESSAGE)
    .default(DEFAULT_ACCEPTED_STATUSES),
  /** Ours, site checks: a text the body must (`contains`) or must not (`absent`) hold. */
  keyword: z.string().max(1024, 'must be at most 1024 characters').default(''),
  keywordMode: z.enum(['contains', 'absent'], 'must be contains or absent').default('contains'),
  /** Ours, site checks: slower than this many ms fails (0: no limit). */
  maxResponseMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_CHECK_TIMEOUT_S * 1000)
    .default(0),
  /** Ours, site checks over https: fail this many days before the certificate expires (0: never). */
  certWarnDays: z.coerce.number().int().min(0).max(365).default(DEFAULT_CERT_WARN_DAYS),
});

export type MonitorTarget = z.output<typeof monitorTargetObject>;

/**
 * Our site options. goploy's monitor form rebuilds the target from its own four keys, so an edit
 * from it names none of these: the ones a target leaves out keep their stored values.
 */
export const SITE_OPTION_KEYS = [
  'method',
  'statuses',
  'keyword',
  'keywordMode',
  'maxResponseMs',
  'certWarnDays',
] as const satisfies readonly (keyof MonitorTarget)[];

/** The site options a sent target (object or JSON text, as parsed before) leaves out. */
export function siteOptionsLeftOut(sent: unknown): (typeof SITE_OPTION_KEYS)[number][] {
  const given = typeof sent === 'object' && sent !== null ? sent : {};
  return SITE_OPTION_KEYS.filter((k) => !(k in given));
}

/** One item's outcome in a check. */
export interface MonitorItemResult {
  item: string;
  ok: boolean;
  latencyMs: number;
  /** Why it failed ('' when it passed); for scripts, their stdout and stderr. */
  message: string;
  /** Site checks over https: whole days until the certificate expires. */
  certDaysLeft?: number;
  /** Ping checks: how the host was reached (`tcp` when ICMP is not permitted here). */
  via?: 'icmp' | 'tcp';
}

/** A whole check: it passes when every item passed. */
export interface MonitorCheckResult {
  ok: boolean;
  /** The slowest item's latency, in ms. */
  latencyMs: number;
  /** The first failure's message ('' when it passed). */
  message: string;
  items: MonitorItemResult[];
}
