/** How many failed checks in a row make a monitor down, at most. */
export const MAX_MONITOR_TIMES = 1000;
/** The longest silent cycle (minutes between two alerts of one outage): one week. */
export const MAX_SILENT_CYCLE_MIN = 10_080;
/** At most this many repeated alerts per outage (0: no limit, goploy's behaviour). */
export const MAX_NOTIFY_TIMES = 1000;
/** A success or fail script, at most this many UTF-8 bytes. */
export const MONITOR_SCRIPT_MAX_BYTES = 64 * 1024;

/** The chart's ranges: last hour, 6 hours, day, week, month and 3 months. */
export const MONITOR_RANGES = ['hour', '6h', 'day', 'week', 'month', '3months'] as const;
export type MonitorRange = (typeof MONITOR_RANGES)[number];

/** At most this many monitors in one sparkline request. */
export const MAX_SPARKLINE_IDS = 500;
/** The list's sparklines: the last hour, one point a minute (60 points at most). */
export const SPARKLINE_SPAN_S = 3600;
export const SPARKLINE_STEP_S = 60;
