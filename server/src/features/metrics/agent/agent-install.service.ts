import type { Audience } from '../../../core/ws/hub.js';
import { agentRoutes, DEFAULT_METRIC_INTERVAL_S, Perm, type RouteParsed } from '@ferry/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../core/clock.js';
import { randomToken, type SecretBox } from '../../../core/crypto.js';
import type { RequestContext } from '../../../core/http/context.js';
import type { RemoteRunApi, RunSpec, ServerResult } from '../../remote-run/remote-run.api.js';
import type { ServerDirectory } from '../../server/server.api.js';
import type { AgentKeys } from './agent-keys.js';
import {
  agentDirWord,
  agentKeyVariables,
  agentVariables,
  installScript,
  uninstallScript,
} from './agent-scripts.js';
import type { AgentRepository } from './agent.repository.js';

type InstallInput = RouteParsed<typeof agentRoutes.installAgent>;
type UninstallInput = RouteParsed<typeof agentRoutes.uninstallAgent>;

/** Each server's part of an install or uninstall may take this long. */
const RUN_TIMEOUT_S = 120;

/** Who may watch an install's output: those who may install agents. */
const mayWatch: Audience = { permissions: [Perm.InstallAgent] };

/** Why a server's part failed, in a line: the engine's words and the last line of stderr. */
function failure(r: ServerResult): string {
  const last = (r.raw?.stderr ?? '').trim().split('\n').pop()?.trim() ?? '';
  return [r.end.error, last].filter(Boolean).join(': ').slice(0, 2000);
}

/**
 * "Install agent" and its removal, as runs of the one remote-run engine (kind `agent`, streamed
 * and recorded like a batch script). Each server gets a key of its own, made here, sealed in its
 * collection row before the run starts (so its first report verifies), and handed to the run as
 * that server's variable and secret alone: it is masked in every frame, record and answer, and
 * the recorded script holds only `${AGENT_KEY}`.
 */
export function createAgentInstaller(deps: {
  repo: AgentRepository;
  keys: AgentKeys;
  box: SecretBox;
  clock: Clock;
  log: FastifyBaseLogger;
  runs: Pick<RemoteRunApi, 'start'>;
  servers: Pick<ServerDirectory, 'access'>;
  /** The collector the agent runs (`collect.sh`). */
  collector: () => string;
}) {
  const { repo, keys, clock } = deps;

  /**
   * SECURITY: every server must be usable by the caller (own namespace or shared, enabled), as the
   * engine checks again, or nothing is written (code 1).
   */
  async function checkUsable(ctx: RequestContext, ids: readonly number[]) {
    await Promise.all(ids.map((id) => deps.servers.access.usable(ctx, id)));
  }

  /** Starts `spec`; records each server's outcome with `ok` or `failed` once it ended. */
  async function startRun(
    ctx: RequestContext,
    spec: Omit<RunSpec, 'kind' | 'namespaceId' | 'interpreter' | 'timeoutS' | 'audience'>,
    outcome: {
      ok: (id: number) => Promise<void>;
      failed: (id: number, why: string) => Promise<void>;
    },
  ) {
    const run = await deps.runs.start(ctx, {
      ...spec,
      kind: 'agent',
      namespaceId: ctx.namespaceId,
      interpreter: 'sh',
      timeoutS: RUN_TIMEOUT_S,
      audience: mayWatch,
    });
    void run.done.then(async (results) => {
      for (const r of results) {
        try {
          await (r.end.state === 'ok'
            ? outcome.ok(r.serverId)
            : outcome.failed(r.serverId, failure(r)));
        } catch (err) {
          deps.log.error({ err, serverId: r.serverId }, 'recording an agent install failed');
        }
        keys.forget(r.serverId);
      }
    });
    return { runId: run.runId, servers: run.servers };
  }

  return {
    /**
     * Installs the agent on `input.ids`, reporting to `input.reportURL` or else `origin` (the
     * console's address as the caller reached it, or the configured public address).
     */
    async install(ctx: RequestContext, input: InstallInput, origin: string) {
      const ids = [...new Set(input.ids)];
      await checkUsable(ctx, ids);
      const previous = await repo.agents(ids);
      const now = clock.now();
      const keyOf = new Map<number, string>();
      for (const id of ids) {
        const key = randomToken(32);
        keyOf.set(id, key);
        await repo.installing(id, deps.box.seal(key), input.installPath, now);
        keys.forget(id);
      }
      const reportUrl = (input.reportURL || origin).replace(/\/+$/, '');
      // Without an interval in the form, each server keeps its own collection interval.
      const intervalOf = (id: number) =>
        input.interval ?? previous.get(id)?.intervalS ?? DEFAULT_METRIC_INTERVAL_S;
      const setup = { ...input, reportUrl };
      try {
        return await startRun(
          ctx,
          {
            title: 'install agent',
            script: installScript(deps.collector()),
            variables: agentVariables(setup),
            serverIds: ids,
            watchId: input.watchId,
            perServer: (id) => {
              const key = keyOf.get(id) ?? '';
              const old = previous.get(id)?.path ?? '';
              const variables = {
                ...agentKeyVariables(key, old),
                ...agentVariables({ installPath: input.installPath, intervalS: intervalOf(id) }),
              };
              return { variables, secrets: [key] };
            },
          },
          {
            ok: (id) => repo.installed(id, intervalOf(id), clock.now()),
            failed: (id, why) => repo.failed(id, why, clock.now()),
          },
        );
      } catch (err) {
        // Nothing ran: the agents already there keep their keys.
        for (const id of ids) {
          const before = previous.get(id);
          await (before
            ? repo.restore(before, clock.now())
            : repo.failed(id, 'the install did not start', clock.now()));
          keys.forget(id);
        }
        throw err;
      }
    },

    /** Removes the agent from `input.ids` (from where it was installed, else the default place). */
    async uninstall(ctx: RequestContext, input: UninstallInput) {
      const ids = [...new Set(input.ids)];
      await checkUsable(ctx, ids);
      const agents = await repo.agents(ids);
      return startRun(
        ctx,
        {
          title: 'uninstall agent',
          script: uninstallScript(),
          serverIds: ids,
          watchId: input.watchId,
          perServer: (id) => ({
            variables: {
              AGENT_DIR: agentDirWord(agents.get(id)?.path || agentRoutes.DEFAULT_AGENT_PATH),
            },
            secrets: [],
          }),
        },
        {
          ok: (id) => repo.removed(id, clock.now()),
          failed: (id, why) => repo.failed(id, why, clock.now()),
        },
      );
    },
  };
}

export type AgentInstaller = ReturnType<typeof createAgentInstaller>;
