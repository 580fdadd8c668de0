import { z } from 'zod';
import { idField, intField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import {
  AGENT_STATES,
  MAX_METRIC_INTERVAL_S,
  METRIC_MODES,
  METRIC_SOURCE_STATES,
  MIN_METRIC_INTERVAL_S,
} from './metrics-constants.js';

/** How a server's metrics are collected, and where the collection stands. */
export const metricsSource = z.object({
  serverId: z.number(),
  /** `pull`, `push` or `off`. */
  mode: z.enum(METRIC_MODES),
  /** Seconds between two samples. */
  interval: z.number(),
  /** Whether the last collection reached the server: `unknown`, `ok`, `unreachable`. */
  state: z.enum(METRIC_SOURCE_STATES),
  /** The newest sample's time ('' before the first). */
  lastSampleTime: z.string(),
  /** Why the last collection failed ('' when it did not). */
  lastError: z.string(),
  /** Where the push agent stands: `none`, `installing`, `installed`, `failed`. */
  agentState: z.enum(AGENT_STATES),
  agentError: z.string(),
  /** When the agent's state last changed ('' never). */
  agentTime: z.string(),
});
export type MetricsSourceRow = z.infer<typeof metricsSource>;

/** Ours: how a server's metrics are collected (a server never collected answers the defaults). */
export const getMetricsSource = route({
  method: 'GET',
  path: '/server/getMetricsSource',
  access: anyOf(Perm.ShowServerMonitorPage),
  input: z.object({ serverId: idField }),
  output: metricsSource,
});

/** The modes chosen here: `push` is reached by installing the agent, never set by hand. */
const EDITABLE_MODES = ['pull', 'off'] as const;

/** Ours: collect a server's metrics over SSH every `interval` seconds (`pull`), or not (`off`). */
export const editMetricsSource = route({
  method: 'PUT',
  path: '/server/editMetricsSource',
  access: anyOf(Perm.InstallAgent),
  input: z.object({
    serverId: idField,
    mode: z.enum(EDITABLE_MODES, {
      error: 'must be pull or off (push is set by installing the agent)',
    }),
    interval: intField(MIN_METRIC_INTERVAL_S, MAX_METRIC_INTERVAL_S),
  }),
  output: z.null(),
});
