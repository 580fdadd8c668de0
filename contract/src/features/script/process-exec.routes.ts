import { z } from 'zod';
import { idField, idListField, intField, pagination, stringField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { PROCESS_COMMANDS } from '../run-definition/run-definition-constants.js';
import { DEFAULT_RUN_TIMEOUT_S, MAX_RUN_SERVERS, MAX_RUN_TIMEOUT_S } from './script-constants.js';
import { runDetail, runList, watchIdField } from './script.routes.js';

/**
 * Process commands run through the one remote-run engine: a button of a server process group
 * (`/server/execProcess`, ShowServerProcessPage 70) and a command of a project process
 * (`/deploy/manageProcess`, ProcessManager 69). goploy runs one server per call and answers when
 * it ended; ours also takes `serverIds` and `stream: 1` (then it answers `{runId, servers}` at once
 * and the output comes on the hub, frame type 14). Ours besides: a stop for each kind of run, and
 * the history of the server process page.
 */

const serverChoice = {
  /** goploy's one server. */
  serverId: idField.optional(),
  /** Ours: several servers at once. */
  serverIds: idListField
    .pipe(z.array(z.number()).max(MAX_RUN_SERVERS, `must name at most ${MAX_RUN_SERVERS} servers`))
    .optional(),
  timeout: intField(1, MAX_RUN_TIMEOUT_S).optional().default(DEFAULT_RUN_TIMEOUT_S),
  stream: z.union([z.literal(0), z.literal(1), z.boolean()], 'must be 0 or 1').optional(),
  watchId: watchIdField,
};
const someServer = (v: { serverId?: number | undefined; serverIds?: number[] | undefined }) =>
  v.serverId !== undefined || (v.serverIds?.length ?? 0) > 0;
const someServerRule = { message: 'must name a server', path: ['serverId'] };

const started = z.object({
  runId: z.number(),
  servers: z.array(z.object({ serverId: z.number(), serverName: z.string() })),
});
const goployResult = z.object({
  serverId: z.number(),
  execRes: z.boolean(),
  stdout: z.string(),
  stderr: z.string(),
});

export const execProcess = route({
  method: 'POST',
  path: '/server/execProcess',
  access: anyOf(Perm.ShowServerProcessPage),
  input: z
    .object({
      /** The process group. */
      id: idField,
      /** The button's name in the group. */
      name: stringField().min(1, 'must not be empty'),
      ...serverChoice,
    })
    .refine(someServer, someServerRule),
  output: z.union([goployResult, z.array(goployResult), started]),
});

export const manageProcess = route({
  method: 'POST',
  path: '/deploy/manageProcess',
  access: anyOf(Perm.ProcessManager),
  input: z
    .object({
      projectProcessId: idField,
      command: z.enum(PROCESS_COMMANDS, 'must be status, start, stop or restart'),
      ...serverChoice,
    })
    .refine(someServer, someServerRule),
  output: z.union([
    goployResult.extend({ startTime: z.string(), endTime: z.string() }),
    z.array(goployResult),
    started,
  ]),
});

/**
 * Ours: stops a streamed server process run of the caller's namespace on one server, or on every
 * server when `serverId` is left out (goploy's calls wait until the command ended).
 */
export const stopProcess = route({
  method: 'POST',
  path: '/server/stopProcess',
  access: anyOf(Perm.ShowServerProcessPage),
  input: z.object({ runId: idField, serverId: idField.optional() }),
  output: z.null(),
});

/**
 * Ours (goploy has none): stops a streamed project process run of the caller's namespace on one
 * server, or on every server when `serverId` is left out. The caller must be able to read the
 * run's project (bound to it, or seeing every project); any other run answers code 1.
 */
export const stopProjectProcess = route({
  method: 'POST',
  path: '/deploy/stopProcess',
  access: anyOf(Perm.ProcessManager),
  input: z.object({ runId: idField, serverId: idField.optional() }),
  output: z.null(),
});

/** Ours: the namespace's last server process runs, newest first, as the script history lists runs. */
export const getProcessRunList = route({
  method: 'GET',
  path: '/server/getProcessRunList',
  access: anyOf(Perm.ShowServerProcessPage),
  input: z.object(pagination),
  output: runList,
});

/**
 * Ours: one server process run with its command and every server's output, and what ran: the
 * group's id and the button's name (null and '' for a run recorded before they were kept), so
 * the page can run it again.
 */
export const getProcessRun = route({
  method: 'GET',
  path: '/server/getProcessRun',
  access: anyOf(Perm.ShowServerProcessPage),
  input: z.object({ id: idField }),
  output: runDetail.extend({ groupId: z.number().nullable(), itemName: z.string() }),
});
