/**
 * Application monitors (`/monitor/index`, reference §2.8 and §7.1). goploy's types, with their
 * targets: site (URLs), port (`host:port`), ping (hosts), process and script (server ids).
 */
export const MonitorType = { site: 1, port: 2, ping: 3, process: 4, script: 5 } as const;
export type MonitorTypeId = (typeof MonitorType)[keyof typeof MonitorType];
export const MONITOR_TYPES = [1, 2, 3, 4, 5] as const;

/** The shortest interval between two checks of one monitor, in seconds. */
export const MIN_MONITOR_INTERVAL_S = 10;
export const MAX_MONITOR_INTERVAL_S = 86_400;
/** A check's own time limit, in seconds (goploy's `target.timeout`). */
export const DEFAULT_CHECK_TIMEOUT_S = 10;
export const MAX_CHECK_TIMEOUT_S = 120;
/** At most this many items (URLs, addresses, servers) in one monitor. */
export const MAX_MONITOR_ITEMS = 20;
/** A site check passes on these HTTP statuses unless told otherwise (goploy passes 200 only). */
export const DEFAULT_ACCEPTED_STATUSES = '200-399';
/** A site's TLS certificate is reported failing this many days before it expires, by default. */
export const DEFAULT_CERT_WARN_DAYS = 14;

/**
 * Where a success or fail script runs: a server id, or `FOLLOW_ITEM_SERVER` (goploy's 0, "Follow
 * Host"): the server of the process or script item that passed or failed.
 */
export const FOLLOW_ITEM_SERVER = 0;

/** A monitor's state as the engine sees it. */
export const MONITOR_STATES = ['unknown', 'up', 'failing', 'down', 'paused'] as const;
export type MonitorState = (typeof MONITOR_STATES)[number];
