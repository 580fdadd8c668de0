import { z } from 'zod';
import {
  idField,
  idListField,
  intField,
  pagedList,
  pagination,
  stringField,
} from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import {
  DEFAULT_RUN_TIMEOUT_S,
  MAX_RUN_SERVERS,
  MAX_RUN_TIMEOUT_S,
  MAX_SCRIPT_BYTES,
  RUN_KINDS,
  RUN_SERVER_STATES,
  RUN_STATES,
  SCRIPT_INTERPRETERS,
  WATCH_ID_PATTERN,
} from './script-constants.js';

/**
 * Batch scripts (`/server/script`, permission ShowServerScriptPage 77): one script on many
 * servers at once through the one remote-run engine, each server's output live on the hub (frame
 * type 14, topic `run:<id>`), every run recorded.
 */

export const watchIdField = stringField()
  .regex(WATCH_ID_PATTERN, 'must be 8 to 48 letters, digits, - or _')
  .optional();

const scriptField = stringField()
  .min(1, 'must not be empty')
  .refine(
    (s) => Buffer.byteLength(s, 'utf8') <= MAX_SCRIPT_BYTES,
    `must be at most ${MAX_SCRIPT_BYTES / 1024} KiB`,
  )
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL bytes');

/**
 * goploy's `POST /server/execScript {serverIds, script}` answers, once every server finished,
 * `[{serverId, execRes, stdout, stderr}]`. With `stream: 1` (ours) it answers at once with the run
 * and its servers; the output then arrives on the hub (topics `run:<runId>` and, with a
 * `watchId`, `watch:<watchId>`). Every server must be usable in the
 * caller's namespace (its own or shared), or nothing runs (code 1).
 */
export const execScript = route({
  method: 'POST',
  path: '/server/execScript',
  access: anyOf(Perm.ShowServerScriptPage),
  input: z.object({
    serverIds: idListField.pipe(
      z
        .array(z.number())
        .min(1, 'must name at least one server')
        .max(MAX_RUN_SERVERS, `must name at most ${MAX_RUN_SERVERS} servers`),
    ),
    script: scriptField,
    interpreter: z
      .enum(SCRIPT_INTERPRETERS, 'must be bash, sh or python')
      .optional()
      .default('bash'),
    /** Seconds each server may run it before it is stopped. */
    timeout: intField(1, MAX_RUN_TIMEOUT_S).optional().default(DEFAULT_RUN_TIMEOUT_S),
    stream: z.union([z.literal(0), z.literal(1), z.boolean()], 'must be 0 or 1').optional(),
    /** Frames also go to the topic `watch:<watchId>`, which the caller subscribed to first. */
    watchId: watchIdField,
  }),
  output: z.union([
    z.array(
      z.object({
        serverId: z.number(),
        execRes: z.boolean(),
        stdout: z.string(),
        stderr: z.string(),
      }),
    ),
    z.object({
      runId: z.number(),
      servers: z.array(z.object({ serverId: z.number(), serverName: z.string() })),
    }),
  ]),
});

/** Ours: stops a running run on one server, or on every server when `serverId` is left out. */
export const stopScript = route({
  method: 'POST',
  path: '/server/stopScript',
  access: anyOf(Perm.ShowServerScriptPage),
  input: z.object({ runId: idField, serverId: idField.optional() }),
  output: z.null(),
});

const runServerState = z.enum(RUN_SERVER_STATES);

/** A run as the history lists it. */
export const runRow = z.object({
  id: z.number(),
  kind: z.enum(RUN_KINDS),
  /** The template, process or command it ran; '' for a script typed in. */
  title: z.string(),
  interpreter: z.string(),
  userId: z.number(),
  username: z.string(),
  state: z.enum(RUN_STATES),
  serverCount: z.number(),
  okCount: z.number(),
  failedCount: z.number(),
  insertTime: z.string(),
  /** '' while it runs. */
  finishTime: z.string(),
  servers: z.array(
    z.object({ serverId: z.number(), serverName: z.string(), state: runServerState }),
  ),
});
export type RunRow = z.infer<typeof runRow>;

/** A page of a history: the runs, newest first, and goploy's pagination object. */
export const runList = pagedList(runRow);

/**
 * Ours: the namespace's last batch script runs, newest first. `kind` may only be `script` (what
 * an earlier client sent): the runs of other kinds belong to other pages and their permissions.
 */
export const getScriptRunList = route({
  method: 'GET',
  path: '/server/getScriptRunList',
  access: anyOf(Perm.ShowServerScriptPage),
  input: z.object({
    kind: z.literal('script', 'must be script').optional(),
    ...pagination,
  }),
  output: runList,
});

/** One server's part of a recorded run, with its kept output. */
export const runServerRow = z.object({
  serverId: z.number(),
  serverName: z.string(),
  serverIp: z.string(),
  state: runServerState,
  /** null until it ended, or when it never ran to an exit status. */
  exitCode: z.number().nullable(),
  /** Why it did not succeed, in words; '' when it did. */
  error: z.string(),
  /** stdout and stderr in the order they came, at most `RUN_OUTPUT_CAP_BYTES`. */
  output: z.string(),
  /** Bytes the server printed in all; more than `output` holds when it was cut. */
  outputBytes: z.number(),
  durationMs: z.number(),
});
export type RunServerRow = z.infer<typeof runServerRow>;

/** A recorded run with its script (as written), its time limit and every server's output. */
export const runDetail = runRow.extend({
  script: z.string(),
  timeout: z.number(),
  serverList: z.array(runServerRow),
});

/** Ours: one batch script run with its script and every server's output. */
export const getScriptRun = route({
  method: 'GET',
  path: '/server/getScriptRun',
  access: anyOf(Perm.ShowServerScriptPage),
  input: z.object({ id: idField }),
  output: runDetail,
});
