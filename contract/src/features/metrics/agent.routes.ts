import { z } from 'zod';
import { idListField, intField, isLineText, LINE_TEXT_RULE, stringField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { MAX_RUN_SERVERS } from '../script/script-constants.js';
import { watchIdField } from '../script/script.routes.js';
import {
  MAX_METRIC_INTERVAL_S,
  MAX_METRIC_ITEM_CHARS,
  METRIC_TYPES,
  MIN_METRIC_INTERVAL_S,
  type MetricTypeId,
} from './metrics-constants.js';

/**
 * The push agent (reference §2.10, §7.8): "Install agent" puts the collector and a small loop
 * runner on servers through the one remote-run engine (a recorded run streamed on the hub like a
 * batch script), each server with a key of its own; the agent reports to `/agent/report` signed
 * with that key as goploy's agent signs with goploy's master secret.
 */

/** Where the agent goes when the form names no directory (`~` is the login user's home). */
export const DEFAULT_AGENT_PATH = '~/.ferry-agent';
/** The most samples one batch report may carry. */
export const MAX_AGENT_SAMPLES = 2000;
/** The HTTP clients the agent may use; '' picks whichever the server has (curl first). */
export const AGENT_TOOLS = ['', 'curl', 'wget'] as const;

const PATH_RULE =
  'must be an absolute path or start with ~/, of letters, digits and . _ @ + - /, without . or .. parts';

/**
 * An install directory: absolute or under the home, of plain characters only (it is written into
 * a systemd unit and a crontab line too), no `.`/`..` parts, not `/` or `~` alone.
 */
export function isAgentPath(p: string): boolean {
  if (!/^(~\/|\/)[A-Za-z0-9._@+/-]+$/.test(p)) return false;
  const named = p
    .slice(p.startsWith('~/') ? 2 : 1)
    .split('/')
    .filter((s) => s !== '');
  return named.length > 0 && !named.some((s) => s === '.' || s === '..');
}

const agentPathField = stringField()
  .trim()
  .max(255, 'must be at most 255 characters')
  .transform((p) => (p === '' ? DEFAULT_AGENT_PATH : p))
  .refine(isAgentPath, PATH_RULE)
  .optional()
  .default(DEFAULT_AGENT_PATH);

/** The console's address as the servers reach it; '' for the address the browser used. */
const reportUrlField = stringField()
  .trim()
  .max(512, 'must be at most 512 characters')
  .refine(
    (v) => v === '' || /^https?:\/\/[^\s'"\\`$]+$/i.test(v),
    'must be an http:// or https:// address',
  )
  .optional()
  .default('');

const serverIdsField = idListField.pipe(
  z
    .array(z.number())
    .min(1, 'must name at least one server')
    .max(MAX_RUN_SERVERS, `must name at most ${MAX_RUN_SERVERS} servers`),
);

/** A started install or uninstall: watch `run:<runId>` (or `watch:<watchId>`) on the hub. */
const startedRun = z.object({
  runId: z.number(),
  servers: z.array(z.object({ serverId: z.number(), serverName: z.string() })),
});

/**
 * goploy's `POST /server/installAgent {ids, installPath, tool, reportURL, webPort}` (webPort, the
 * port of goploy's agent's own web page, is accepted and unused) plus `interval` (seconds between
 * reports; absent, each server's own collection interval, as goploy's form sends none). Answers at once with the run; each server's output streams on the hub and the run is
 * kept in the history. Installing again replaces the agent and its key. Every server must be
 * usable in the caller's namespace, or nothing runs (code 1).
 */
export const installAgent = route({
  method: 'POST',
  path: '/server/installAgent',
  access: anyOf(Perm.InstallAgent),
  input: z.object({
    ids: serverIdsField,
    installPath: agentPathField,
    tool: z.enum(AGENT_TOOLS, 'must be curl or wget').optional().default(''),
    reportURL: reportUrlField,
    webPort: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      intField(0, 65535).optional(),
    ),
    /** Absent: each server's own collection interval (`/server/editMetricsSource`). */
    interval: intField(MIN_METRIC_INTERVAL_S, MAX_METRIC_INTERVAL_S).optional(),
    watchId: watchIdField,
  }),
  output: startedRun,
});

/**
 * Ours: stops and removes the agent of each server (its loop, files and start-up entry), then
 * collects it over SSH again (mode `pull`) and forgets its key. Answers like `installAgent`.
 */
export const uninstallAgent = route({
  method: 'POST',
  path: '/server/uninstallAgent',
  access: anyOf(Perm.InstallAgent),
  input: z.object({ ids: serverIdsField, watchId: watchIdField }),
  output: startedRun,
});

const metricType = z
  .number('must be a number')
  .refine(
    (t) => (METRIC_TYPES as readonly number[]).includes(t),
    `must be one of ${METRIC_TYPES.join(', ')}`,
  )
  .transform((t) => t as MetricTypeId);
const itemField = stringField()
  .min(1, 'must not be empty')
  .max(MAX_METRIC_ITEM_CHARS, `must be at most ${MAX_METRIC_ITEM_CHARS} characters`)
  .refine(isLineText, LINE_TEXT_RULE);
const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const positiveInt = z.number().int('must be an integer').positive('must be a positive integer');

/** One sample of a batch report. */
export const agentSample = z.strictObject({ type: metricType, item: itemField, value: finite });

/** Ours: every sample of one collection, taken at `time` (epoch ms). */
export const agentBatchReport = z.strictObject({
  serverId: positiveInt,
  time: positiveInt,
  samples: z
    .array(agentSample)
    .min(1, 'must hold at least one sample')
    .max(MAX_AGENT_SAMPLES, `must hold at most ${MAX_AGENT_SAMPLES} samples`),
});

/**
 * goploy's agent's report: one sample, its value as text ("12.50"), `reportTime` as
 * `YYYY-MM-DD HH:mm` in the agent's zone (so the sample is dated by the signed `timestamp`).
 */
export const goploySampleReport = z.object({
  serverId: positiveInt,
  type: metricType,
  item: itemField,
  value: z.union(
    [
      z.string().trim().regex(NUMBER_TEXT, 'must be a number').transform(Number).pipe(finite),
      finite,
    ],
    'must be a number',
  ),
  reportTime: stringField().regex(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/,
    'must be YYYY-MM-DD HH:mm',
  ),
});

/**
 * goploy's white route, signed as goploy's agent signs (reference §2.10): query `timestamp` (Unix
 * seconds, within `AGENT_SIGN_WINDOW_S` of the console's clock) and `sign` =
 * base64url(SHA-256(raw body + timestamp + key)) with padding, where the key is the key of the
 * server the body names. The body is `goploySampleReport` or `agentBatchReport`. A signature is
 * accepted once. Any refusal of the signature answers code 2 "sign error" whatever failed; a
 * signed body with a bad sample answers 10003 naming the field.
 */
export const report = route({
  method: 'POST',
  path: '/agent/report',
  access: 'public',
  input: z.object({
    timestamp: z.string().optional(),
    sign: z.string().optional(),
  }),
  output: z.null(),
  // Unauthenticated and frequent: the samples are its record.
  audit: false,
});
