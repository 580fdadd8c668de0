import type { Audience } from '../../core/ws/hub.js';
import { Perm, scriptRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import { goployResult } from './goploy-result.js';
import type { RemoteRuns } from './remote-run.service.js';
import type { RunHistory } from './run-history.service.js';

/** Who may watch a batch script's output: those who may open the script page. */
const mayWatchScripts: Audience = { permissions: [Perm.ShowServerScriptPage] };

/** The batch script routes of `/server/script`. */
export function scriptPlugin(engine: RemoteRuns, history: RunHistory) {
  return (app: FastifyInstance) => {
    bindRoute(app, scriptRoutes.execScript, async ({ ctx, input }) => {
      const run = await engine.start(ctx, {
        kind: 'script',
        namespaceId: ctx.namespaceId,
        title: '',
        interpreter: input.interpreter,
        script: input.script,
        serverIds: input.serverIds,
        timeoutS: input.timeout,
        watchId: input.watchId,
        audience: mayWatchScripts,
      });
      if (input.stream) {
        // The run goes on after the answer; `done` never rejects.
        void run.done;
        return { runId: run.runId, servers: run.servers };
      }
      return (await run.done).map(goployResult);
    });
    bindRoute(app, scriptRoutes.stopScript, async ({ ctx, input }) => {
      await engine.stop(ctx, ['script'], input.runId, input.serverId);
      return null;
    });
    // Scripts only: process runs are the process pages' business, under their permissions.
    bindRoute(app, scriptRoutes.getScriptRunList, ({ ctx, input }) =>
      history.list(ctx, 'script', input.page, input.rows),
    );
    bindRoute(app, scriptRoutes.getScriptRun, ({ ctx, input }) =>
      history.get(ctx, ['script'], input.id),
    );
  };
}
