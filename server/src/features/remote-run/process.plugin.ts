import { Code, Perm, processExecRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { formatTime, type Clock } from '../../core/clock.js';
import { AppError, failed, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { bindRoute } from '../../core/http/bind-route.js';
import type { DeployApi } from '../deploy/deploy.api.js';
import type { ProjectAccess } from '../project/project.api.js';
import type { RunDefinitionApi } from '../run-definition/run-definition.api.js';
import { goployResult } from './goploy-result.js';
import type { ServerResult, StartedRun } from './remote-run.api.js';
import type { RemoteRuns } from './remote-run.service.js';
import type { RunHistory } from './run-history.service.js';

/** The servers a process call names: goploy's one, or ours several. */
const serversOf = (input: { serverId?: number | undefined; serverIds?: number[] | undefined }) => [
  ...(input.serverId !== undefined ? [input.serverId] : []),
  ...(input.serverIds ?? []),
];

/**
 * The answer of a process call: at once with the run when streamed; else, once it ended,
 * goploy's one result for goploy's one server, or one per server.
 */
async function answer<T>(
  run: StartedRun,
  input: { serverId?: number | undefined; serverIds?: number[] | undefined; stream?: unknown },
  one: (r: ServerResult) => T,
) {
  if (input.stream) {
    void run.done; // the run goes on after the answer; `done` never rejects
    return { runId: run.runId, servers: run.servers };
  }
  const results = await run.done;
  return input.serverIds === undefined && results.length === 1
    ? one(results[0]!)
    : results.map(goployResult);
}

/**
 * Process commands: the buttons of server process groups and the commands of project processes,
 * their stops, and the server process page's history.
 */
export function processPlugin(deps: {
  engine: RemoteRuns;
  history: RunHistory;
  definitions: RunDefinitionApi;
  projects: ProjectAccess;
  deploy: Pick<DeployApi, 'processVariables'>;
  clock: Clock;
}) {
  const { engine, history, definitions, projects, deploy, clock } = deps;
  return (app: FastifyInstance) => {
    bindRoute(app, processExecRoutes.execProcess, async ({ ctx, input }) => {
      const group = await definitions.serverProcess(ctx, input.id);
      const item = group.items.find((i) => i.name === input.name);
      if (!item) {
        throw failed(`${group.name} has no command named ${input.name}`, 'process_item_missing');
      }
      const run = await engine.start(ctx, {
        kind: 'serverProcess',
        namespaceId: ctx.namespaceId,
        title: `${group.name}: ${item.name}`,
        interpreter: 'bash',
        script: item.command,
        serverIds: serversOf(input),
        timeoutS: input.timeout,
        watchId: input.watchId,
        audience: { permissions: [Perm.ShowServerProcessPage] },
        process: { id: group.id, item: item.name },
      });
      return answer(run, input, goployResult);
    });

    bindRoute(app, processExecRoutes.stopProcess, async ({ ctx, input }) => {
      await engine.stop(ctx, ['serverProcess'], input.runId, input.serverId);
      return null;
    });

    bindRoute(app, processExecRoutes.getProcessRunList, ({ ctx, input }) =>
      history.list(ctx, 'serverProcess', input.page, input.rows),
    );

    bindRoute(app, processExecRoutes.getProcessRun, ({ ctx, input }) =>
      history.get(ctx, ['serverProcess'], input.id, (run) => ({
        groupId: run.process_id,
        itemName: run.process_item ?? '',
      })),
    );

    bindRoute(app, processExecRoutes.stopProjectProcess, async ({ ctx, input }) => {
      await engine.stop(ctx, ['projectProcess'], input.runId, input.serverId, (run) =>
        mayRead(projects, ctx, run.projectId),
      );
      return null;
    });

    bindRoute(app, processExecRoutes.manageProcess, async ({ ctx, input }) => {
      const proc = await definitions.projectProcess(ctx, input.projectProcessId);
      const command = proc[input.command];
      if (command.trim() === '') {
        const message = `${proc.name} has no ${input.command} command`;
        throw failed(message, 'process_command_missing');
      }
      const project = await projects.readable(ctx, proc.projectId);
      const serverIds = serversOf(input);
      await boundTo(projects, project.id, serverIds);
      const starter = ctx.user.id;
      const startTime = formatTime(clock.now());
      const run = await engine.start(ctx, {
        kind: 'projectProcess',
        namespaceId: ctx.namespaceId,
        title: `${project.name} ${proc.name}: ${input.command}`,
        interpreter: 'bash',
        script: command,
        variables: deploy.processVariables(project),
        serverIds,
        timeoutS: input.timeout,
        watchId: input.watchId,
        // Project membership cannot be told from a socket's context: only the starter watches.
        audience: { userIds: [starter] },
        projectId: project.id,
        process: { id: proc.id, item: input.command },
      });
      return answer(run, input, (r) => ({
        ...goployResult(r),
        startTime,
        endTime: formatTime(clock.now()),
      }));
    });
  };
}

/** Every server must be bound to the project (code 1 otherwise, before anything runs). */
async function boundTo(projects: ProjectAccess, projectId: number, serverIds: number[]) {
  const bound = new Set((await projects.bindingsOf([projectId])).get(projectId)?.serverIds ?? []);
  if (!serverIds.every((id) => bound.has(id))) throw notFound('Server');
}

/** Whether the caller may read project `projectId` (none: a run recorded before it was kept). */
async function mayRead(projects: ProjectAccess, ctx: RequestContext, projectId: number | null) {
  if (projectId === null) return false;
  try {
    await projects.readable(ctx, projectId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === Code.deny) return false;
    throw err;
  }
}
