/**
 * Server metrics (`/server/agent`, reference §2.7, §2.10, §7.8, §7.9): what is measured, how it is
 * collected and the warning rules over it. The types and item names are goploy's, so its charts,
 * its agent's reports and its rules map one to one.
 */

/** goploy's `server_agent_log.type`: which chart an item belongs to. */
export const MetricType = {
  cpu: 1,
  ram: 2,
  loadavg: 3,
  tcp: 4,
  publicNet: 5,
  loopbackNet: 6,
  diskUsage: 7,
  diskIo: 8,
} as const;
export type MetricTypeId = (typeof MetricType)[keyof typeof MetricType];
export const METRIC_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * The fixed item names; the others are per device: `<iface>.in` and `<iface>.out` (bytes per
 * second; loopback interfaces are type 6, the others type 5), `<dev>.usage` and
 * `<dev>.inode_usage` (percent, type 7), `<disk>.read_iops` and `<disk>.write_iops` (type 8).
 */
export const MetricItem = {
  cpu: 'cpu_usage',
  ram: 'ram_usage',
  load1: 'loadavg_1m',
  load5: 'loadavg_5m',
  load15: 'loadavg_15m',
  tcpTotal: 'tcp.total',
  tcpEstablished: 'tcp.established',
} as const;

/** The longest item name (a device name plus its suffix). */
export const MAX_METRIC_ITEM_CHARS = 128;

/** How a server's metrics are collected: over SSH by the console, by an installed agent, or not. */
export const METRIC_MODES = ['pull', 'push', 'off'] as const;
export type MetricMode = (typeof METRIC_MODES)[number];
export const DEFAULT_METRIC_MODE: MetricMode = 'pull';

/** Seconds between two samples of one server. */
export const DEFAULT_METRIC_INTERVAL_S = 60;
export const MIN_METRIC_INTERVAL_S = 10;
export const MAX_METRIC_INTERVAL_S = 3600;

/** Whether the last collection reached the server. */
export const METRIC_SOURCE_STATES = ['unknown', 'ok', 'unreachable'] as const;
export type MetricSourceState = (typeof METRIC_SOURCE_STATES)[number];

/** Where the push agent stands on a server. */
export const AGENT_STATES = ['none', 'installing', 'installed', 'failed'] as const;
export type AgentState = (typeof AGENT_STATES)[number];

/** An agent's report is refused when its `timestamp` is further than this from the console's. */
export const AGENT_SIGN_WINDOW_S = 30;

/** Chart ranges of the agent page: the last hour, 6 hours, day, week, month and 3 months. */
export const METRIC_RANGES = ['1h', '6h', '1d', '7d', '30d', '90d'] as const;
export type MetricRange = (typeof METRIC_RANGES)[number];

/** Roll-up spans, in seconds: 5 minutes and 1 hour (min, avg and max of the raw samples). */
export const METRIC_ROLLUP_SPANS = [300, 3600] as const;

/** Warning rules (goploy's `server_monitor`). */
export const RULE_FORMULAS = ['avg', 'max', 'min'] as const;
export type RuleFormula = (typeof RULE_FORMULAS)[number];
export const RULE_OPERATORS = ['>=', '>', '<=', '<', '!='] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
/** Minutes over which a rule aggregates its item. */
export const RULE_GROUP_CYCLES = [1, 5, 15, 30, 60] as const;
/** Consecutive breaching windows before an alert. */
export const MIN_RULE_LAST_CYCLE = 1;
export const MAX_RULE_LAST_CYCLE = 180;
/** Minutes without a repeated alert after one was sent (5 minutes to a day). */
export const MIN_RULE_SILENT_CYCLE = 5;
export const MAX_RULE_SILENT_CYCLE = 1440;
/** A rule's state: within bounds, breaching (fewer than "last cycle" windows), alerted, silent. */
export const RULE_STATES = ['ok', 'breaching', 'alerted', 'silent'] as const;
export type RuleState = (typeof RULE_STATES)[number];
