import { PREDEFINED_VARIABLES } from '../project/project-constants.js';

/**
 * Rules of the remote runs (batch scripts, process commands), shared with the browser: no zod
 * here, so the web app's first page does not load it.
 */

/** The interpreters a script may name; each reads the script from its standard input. */
export const SCRIPT_INTERPRETERS = ['bash', 'sh', 'python'] as const;
export type ScriptInterpreter = (typeof SCRIPT_INTERPRETERS)[number];

/** The largest script a run takes. */
export const MAX_SCRIPT_BYTES = 64 * 1024;
/** The most servers one run may name. */
export const MAX_RUN_SERVERS = 500;
/** A run's time limit per server when none is given, and the longest allowed (seconds). */
export const DEFAULT_RUN_TIMEOUT_S = 1800;
export const MAX_RUN_TIMEOUT_S = 24 * 3600;
/**
 * The output of one server a run keeps in its record: the first and the last half, with a line
 * between them saying how much was left out. The live view shows everything.
 */
export const RUN_OUTPUT_CAP_BYTES = 1024 * 1024;

/**
 * One server's part of a run: `queued` (waiting for a free slot), `running`, then `ok` (exit
 * status 0), `failed` (another status), `timeout`, `stopped` (by a user), `unreachable` (no
 * connection), or `interrupted` (the console running it stopped).
 */
export const RUN_SERVER_STATES = [
  'queued',
  'running',
  'ok',
  'failed',
  'timeout',
  'stopped',
  'unreachable',
  'interrupted',
] as const;
export type RunServerState = (typeof RUN_SERVER_STATES)[number];

/** A run as a whole: `running` until every server ended, then `ok` when all were ok. */
export const RUN_STATES = ['running', 'ok', 'failed', 'stopped', 'interrupted'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** What started a run (`agent`: installing or removing the metrics agent). */
export const RUN_KINDS = ['script', 'serverProcess', 'projectProcess', 'agent'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

/** The hub topic of a run's live frames (subscribe to it with the hub's `subscribe` op). */
export const runTopic = (runId: number) => `run:${runId}`;
/**
 * The hub topic of a run started with `watchId`: the starter subscribes to it before starting
 * the run, so not even its first line is missed.
 */
export const watchTopic = (watchId: string) => `watch:${watchId}`;
/** A `watchId`: 8 to 48 letters, digits, `-` or `_` (a random id the browser makes). */
export const WATCH_ID_PATTERN = /^[A-Za-z0-9_-]{8,48}$/;

/**
 * The server variables a script may use, substituted before it runs (`${SERVER_NAME}`…). No
 * password is ever offered.
 */
export const SERVER_VARIABLE_NAMES = PREDEFINED_VARIABLES.server;
