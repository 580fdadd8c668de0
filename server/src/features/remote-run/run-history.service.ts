import type { RunKind, RunRow, RunServerRow, RunServerState, RunState } from '@ferry/contract';
import { formatTime, type Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { RemoteRunRepository } from './remote-run.repository.js';

/** A run not renewed for this long lost its console: it reads as interrupted. */
const LOST_AFTER_MS = 30_000;

/** A recorded run as the database holds it. */
export type RunRecord = NonNullable<Awaited<ReturnType<RemoteRunRepository['find']>>>;

/** The recorded runs of a namespace, as the history shows them. */
export function createRunHistory(deps: { runs: RemoteRunRepository; clock: Clock }) {
  const { runs, clock } = deps;

  const lost = (run: RunRecord) =>
    run.state === 'running' && run.heartbeat_time < clock.now() - LOST_AFTER_MS;
  const serverState = (run: RunRecord, state: string): RunServerState =>
    lost(run) && (state === 'queued' || state === 'running')
      ? 'interrupted'
      : (state as RunServerState);

  const present = (
    run: RunRecord,
    servers: { server_id: number; server_name: string; state: string }[],
  ): RunRow => {
    const states = servers.map((s) => serverState(run, s.state));
    return {
      id: run.id,
      kind: run.kind as RunKind,
      title: run.title,
      interpreter: run.interpreter,
      userId: run.user_id,
      username: run.username,
      state: lost(run) ? 'interrupted' : (run.state as RunState),
      serverCount: servers.length,
      okCount: states.filter((s) => s === 'ok').length,
      // A server a user stopped did not fail: it counts in neither.
      failedCount: states.filter((s) => !['ok', 'queued', 'running', 'stopped'].includes(s)).length,
      insertTime: formatTime(run.insert_time),
      finishTime: formatTime(run.finish_time),
      servers: servers.map((s, i) => ({
        serverId: s.server_id,
        serverName: s.server_name,
        state: states[i]!,
      })),
    };
  };

  return {
    async list(ctx: RequestContext, kind: RunKind, page: number, rows: number) {
      const [list, total] = await Promise.all([
        runs.list(ctx.namespaceId, kind, page, rows),
        runs.total(ctx.namespaceId, kind),
      ]);
      const servers = await runs.serversOf(list.map((r) => r.id));
      return {
        list: list.map((run) =>
          present(
            run,
            servers.filter((s) => s.run_id === run.id),
          ),
        ),
        pagination: { page, rows, total },
      };
    },

    /**
     * One run of the caller's namespace and one of `kinds`, with every server's output, and what
     * `more` reads of its record besides (code 1 for another run).
     */
    async get<More extends object = object>(
      ctx: RequestContext,
      kinds: readonly RunKind[],
      id: number,
      more?: (run: RunRecord) => More,
    ) {
      const run = await runs.find(ctx.namespaceId, id);
      if (!run || !kinds.includes(run.kind as RunKind)) throw notFound('Run');
      const servers = await runs.serverDetails(id);
      const serverList: RunServerRow[] = servers.map((s) => ({
        serverId: s.server_id,
        serverName: s.server_name,
        serverIp: s.server_ip,
        state: serverState(run, s.state),
        exitCode: s.exit_code,
        error: s.error,
        output: s.output,
        outputBytes: Number(s.output_bytes),
        durationMs: s.duration_ms,
      }));
      return {
        ...present(run, servers),
        script: run.script,
        timeout: run.timeout_s,
        serverList,
        ...(more?.(run) as More),
      };
    },
  };
}

export type RunHistory = ReturnType<typeof createRunHistory>;
