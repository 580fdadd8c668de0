import {
  encodeRunOutputParts,
  HubType,
  RUN_OUTPUT_CAP_BYTES,
  runTopic,
  watchTopic,
  type RemoteRunMessage,
  type RunKind,
  type RunServerState,
  type RunState,
} from '@ferry/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { mapBounded } from '../../core/map-bounded.js';
import type { RequestContext } from '../../core/http/context.js';
import { substitute, type Variables } from '../../core/variables.js';
import type { Hub } from '../../core/ws/hub.js';
import { ExecError, SshError } from '../../infra/ssh/ssh-errors.js';
import {
  serverVariables,
  type ServerDirectory,
  type ServerFacts,
  type UsableServer,
} from '../server/server.api.js';
import { interpreterCommand } from './interpreters.js';
import { OutputRecord } from './output-record.js';
import { createOutputStream, maskerOf } from './output-stream.js';
import type { RemoteRunRepository, ServerEnd } from './remote-run.repository.js';
import { createServerExec } from './server-exec.js';
import type { RunSpec, ServerResult, StartedRun, StoppableRun } from './remote-run.api.js';

/** Servers of one run that run at once; the others wait for a free slot. */
const DEFAULT_PARALLEL = 16;
/** How often the console renews its runs and looks for stop requests from other consoles. */
const HEARTBEAT_MS = 5_000;

/** One server's part while this console runs it. */
interface Part {
  server: UsableServer;
  facts: ServerFacts;
  stop: AbortController;
}

/**
 * The one remote-run engine: a script run on a set of servers through the SSH pool, in parallel
 * up to a cap, each server with its own time limit and a real stop (the remote process group is
 * killed, as for deploys and terminals). Output streams line by line to hub subscribers `admit`
 * accepts, secrets masked; the run is recorded with every server's state, exit status, duration
 * and output (capped, the cut marked). One server down or slow never holds the others.
 */
export function createRemoteRuns(deps: {
  runs: RemoteRunRepository;
  servers: ServerDirectory;
  hub: Hub;
  clock: Clock;
  log: FastifyBaseLogger;
  parallel?: number;
  heartbeatMs?: number;
}) {
  const { runs, servers, hub, clock } = deps;
  const access = servers.access;
  const parallel = deps.parallel ?? DEFAULT_PARALLEL;
  /** Runs of this console that have not ended, by id. */
  const active = new Map<number, Map<number, Part>>();
  let heartbeat: NodeJS.Timeout | undefined;

  /**
   * A frame of run `runId` to those watching it in `spec.audience` (output as the parts of
   * one binary message).
   */
  const publish = (
    runId: number,
    spec: RunSpec,
    message: Omit<RemoteRunMessage, 'runId' | 'output'> | readonly Uint8Array[],
  ) => {
    const topics = [runTopic(runId), ...(spec.watchId ? [watchTopic(spec.watchId)] : [])];
    const frame =
      'serverId' in message ? { type: HubType.remoteRun, message: { runId, ...message } } : message;
    hub.publishTopic(spec.namespaceId, topics, frame, spec.audience);
  };

  const beat = async () => {
    const ids = [...active.keys()];
    try {
      await runs.heartbeat(ids, clock.now());
      for (const r of await runs.stopRequests(ids)) {
        active.get(r.run_id)?.get(r.server_id)?.stop.abort();
      }
    } catch (err) {
      deps.log.warn({ err }, 'renewing remote runs failed');
    }
  };
  const watch = () => {
    if (heartbeat || active.size === 0) return;
    heartbeat = setInterval(() => void beat(), deps.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
  };
  const unwatch = () => {
    if (active.size > 0 || !heartbeat) return;
    clearInterval(heartbeat);
    heartbeat = undefined;
  };

  /** Every server the caller may use, in the order given; code 1 for any other, before anything runs. */
  async function usableServers(ctx: RequestContext, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const usable = await Promise.all(unique.map((id) => access.usable(ctx, id)));
    const { servers: facts, secrets } = await servers.forDeploy(unique);
    const factsById = new Map(facts.map((f) => [f.id, f]));
    const list = usable.map((server) => {
      const f = factsById.get(server.id);
      if (!f) throw notFound('Server');
      return { server, facts: f };
    });
    return { list, secrets };
  }

  async function runOne(
    runId: number,
    spec: RunSpec,
    part: Part,
    serverSecrets: readonly string[],
  ) {
    const { server, facts, stop } = part;
    const own = spec.perServer?.(server.id);
    const secrets = own ? [...serverSecrets, ...own.secrets] : serverSecrets;
    const send = (message: Omit<RemoteRunMessage, 'runId' | 'output'>) =>
      publish(runId, spec, message);

    const record = new OutputRecord(RUN_OUTPUT_CAP_BYTES);
    const mask = maskerOf(secrets);
    const output = createOutputStream({
      secrets,
      send: (pieces) => publish(runId, spec, encodeRunOutputParts(runId, server.id, pieces)),
      record: (bytes) => record.push(bytes),
      count: (bytes) => record.count(bytes),
    });
    type Outcome = { end: Omit<ServerEnd, 'output' | 'outputBytes'>; raw: ServerResult['raw'] };
    /** The rest of the output goes out; the record and the masked raw output are made later. */
    const ended = (end: Outcome['end'], raw: Outcome['raw']): Outcome => {
      output.end();
      return { end, raw };
    };

    let outcome: Outcome;
    if (stop.signal.aborted) {
      outcome = ended(
        { state: 'stopped', exitCode: null, error: 'Stopped before it started.', durationMs: 0 },
        undefined,
      );
    } else {
      await runs.serverStarted(runId, server.id);
      send({ serverId: server.id, state: 'running' });
      const vars: Variables = { ...spec.variables, ...own?.variables, ...serverVariables(facts) };
      const script = substitute(spec.script, vars);
      const started = performance.now();
      try {
        const result = await access.exec(server, interpreterCommand(spec.interpreter), {
          stdin: script,
          timeoutMs: spec.timeoutS * 1000,
          signal: stop.signal,
          onStdout: (chunk) => output.push('stdout', chunk),
          onStderr: (chunk) => output.push('stderr', chunk),
        });
        const code = result.code;
        const ok = code === 0;
        const error = ok ? '' : `exit status ${code ?? result.signal ?? 'unknown'}`;
        outcome = ended(
          { state: ok ? 'ok' : 'failed', exitCode: code, error, durationMs: result.durationMs },
          result,
        );
      } catch (err) {
        const durationMs = Math.round(performance.now() - started);
        outcome = ended(
          { ...failureOf(err, spec.timeoutS), exitCode: null, durationMs },
          err instanceof ExecError ? err.partial : undefined,
        );
      }
    }
    // Watchers learn the end at once; the record follows (history reads it from there).
    send({ serverId: server.id, ...outcome.end });
    const end: ServerEnd = { ...outcome.end, output: record.text(), outputBytes: record.bytes };
    await runs.serverEnded(runId, server.id, end);
    const { raw } = outcome;
    return {
      serverId: server.id,
      serverName: server.name,
      end,
      raw: raw && { stdout: mask(raw.stdout), stderr: mask(raw.stderr) },
    };
  }

  return {
    /** One command on one server, unrecorded: see `RemoteRunApi.execOnServer`. */
    execOnServer: createServerExec(servers),

    /**
     * Starts `spec` on its servers: every one must be usable by the caller (own namespace or
     * shared), or nothing runs (code 1). Resolves once the run is recorded; `done` settles when
     * every server ended (it never rejects).
     */
    async start(ctx: RequestContext, spec: RunSpec): Promise<StartedRun> {
      const { list, secrets } = await usableServers(ctx, spec.serverIds);
      const runId = await runs.insert({
        namespaceId: spec.namespaceId,
        userId: ctx.user.id,
        username: ctx.user.name,
        kind: spec.kind,
        title: spec.title,
        interpreter: spec.interpreter,
        script: spec.script,
        timeoutS: spec.timeoutS,
        now: clock.now(),
        servers: list.map(({ server }) => ({ id: server.id, name: server.name, ip: server.ip })),
        projectId: spec.projectId,
        process: spec.process,
      });
      const parts = new Map<number, Part>(
        list.map(({ server, facts }) => [
          server.id,
          { server, facts, stop: new AbortController() },
        ]),
      );
      active.set(runId, parts);
      watch();

      const settle = async (part: Part) => {
        try {
          return await runOne(runId, spec, part, secrets);
        } catch (err) {
          // Only the database can fail here; the server's part is then left as it was.
          deps.log.error({ err, runId, serverId: part.server.id }, 'a remote run part failed');
          return undefined;
        }
      };
      const done = mapBounded([...parts.values()], parallel, settle).then(async (settled) => {
        const results = settled.filter((r) => r !== undefined);
        active.delete(runId);
        unwatch();
        const state = runStateOf(
          results.map((r) => r.end.state),
          list.length,
        );
        // The run's end is told once it is recorded: a history reloaded on it shows it ended.
        await runs.runEnded(runId, state, clock.now()).catch((err: unknown) => {
          deps.log.error({ err, runId }, 'recording the end of a remote run failed');
        });
        publish(runId, spec, { serverId: 0, state });
        return results;
      });
      return {
        runId,
        servers: list.map(({ server }) => ({ serverId: server.id, serverName: server.name })),
        done,
      };
    },

    /**
     * Stops run `runId` of the caller's namespace (one of `kinds`, the caller may run) on
     * `serverId`, or on all its servers (code 1 for another run, or one `mayStop` refuses). The
     * console running it stops it at once when it is this one, else within a heartbeat.
     */
    async stop(
      ctx: RequestContext,
      kinds: readonly RunKind[],
      runId: number,
      serverId?: number,
      mayStop?: (run: StoppableRun) => Promise<boolean>,
    ): Promise<void> {
      const run = await runs.find(ctx.namespaceId, runId);
      if (!run || !kinds.includes(run.kind as RunKind)) throw notFound('Run');
      if (mayStop && !(await mayStop({ projectId: run.project_id }))) throw notFound('Run');
      await runs.requestStop(runId, serverId);
      const parts = active.get(runId);
      for (const [id, part] of parts ?? []) {
        if (serverId === undefined || id === serverId) part.stop.abort();
      }
    },

    /** Stops every run of this console (it is shutting down). */
    close(): void {
      for (const parts of active.values()) for (const part of parts.values()) part.stop.abort();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}

export type RemoteRuns = ReturnType<typeof createRemoteRuns>;

/** The state and words of a part that did not run to an exit status. */
function failureOf(err: unknown, timeoutS: number): { state: RunServerState; error: string } {
  if (err instanceof ExecError) {
    if (err.reason === 'exec_timeout') {
      return { state: 'timeout', error: `Stopped after the time limit of ${timeoutS} s.` };
    }
    if (err.reason === 'exec_aborted') return { state: 'stopped', error: 'Stopped by a user.' };
    return { state: 'failed', error: err.message };
  }
  if (err instanceof SshError) return { state: 'unreachable', error: err.message };
  return { state: 'failed', error: err instanceof Error ? err.message : String(err) };
}

/** The run's state from its servers' states. */
export function runStateOf(states: readonly RunServerState[], servers: number): RunState {
  if (states.length === servers && states.every((s) => s === 'ok')) return 'ok';
  if (states.some((s) => s === 'stopped') && !states.some((s) => s === 'failed')) {
    return 'stopped';
  }
  return 'failed';
}
