import { randomUUID } from 'node:crypto';
import {
  type deployRoutes,
  DeployState,
  type RouteParsed,
  STAGE_MESSAGES,
  svnBranchProblem,
  TraceState,
  TraceType,
  branchName,
  hasHistory,
} from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { failed, invalid, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { Hub } from '../../core/ws/hub.js';
import type { CommitInfo } from '../../infra/git/git-client.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { ProjectAccess, ProjectRecord } from '../project/project.api.js';
import type { DeployPayload } from './deploy-pipeline.js';
import { currentRelease } from './current-release.js';
import { sendProgress } from './deploy-run.js';
import { projectGroup, type DeployStateStore } from './deploy-state.js';
import type { ReleaseRepository } from './release.repository.js';
import type { ReviewService } from './review.service.js';
import type { TraceRepository } from './trace.repository.js';

type PublishInput = RouteParsed<typeof deployRoutes.publish>;

export const DEPLOY_JOB = 'deploy';

/** How long a reset with `cancel` waits for the stopped deploy to finish its clean-up. */
const CANCEL_WAIT_MS = 15_000;

/** Publishing, rollback, cancel and reset: everything that starts or stops a deploy. */
export function createDeployService(deps: {
  projects: ProjectAccess;
  traces: TraceRepository;
  releases: ReleaseRepository;
  states: DeployStateStore;
  queue: JobQueue;
  hub: Hub;
  clock: Clock;
  reviews: Pick<ReviewService, 'needsReview' | 'request'>;
}) {
  const { projects, traces, states, queue, clock } = deps;

  async function boundServerIds(projectId: number): Promise<number[]> {
    return (await projects.bindingsOf([projectId])).get(projectId)?.serverIds ?? [];
  }

  /** The chosen servers: every bound one, or a subset of them (a grey deploy). */
  async function targets(row: ProjectRecord, chosen: number[]): Promise<number[]> {
    const bound = await boundServerIds(row.id);
    if (bound.length === 0) {
      throw failed('This project has no server to deploy to: bind one first', 'deploy_no_servers');
    }
    if (chosen.length === 0) return bound;
    const stray = chosen.find((id) => !bound.includes(id));
    if (stray !== undefined) {
      throw failed(`Server ${stray} is not bound to this project`, 'deploy_server_not_bound');
    }
    return [...new Set(chosen)];
  }

  function checkVariables(row: ProjectRecord, given: PublishInput['customVariables']) {
    const defined = new Map(projects.script(row).customVariables.map((v) => [v.name, v]));
    for (const g of given) {
      const d = defined.get(g.name);
      if (!d) {
        throw failed(`The project has no variable ${g.name}`, 'deploy_variable_unknown');
      }
      const options = d.value.split(',').map((o) => o.trim());
      if (d.type === 'list' && !options.includes(g.value.trim())) {
        throw failed(`${g.name} must be one of ${options.join(', ')}`, 'deploy_variable_value');
      }
    }
  }

  /** Records the queue row, marks the project, enqueues, tells the namespace. */
  async function enqueue(row: ProjectRecord, payload: DeployPayload, token: string = randomUUID()) {
    const publisher = payload.publisher;
    const now = clock.now();
    await traces.insert({
      token,
      namespace_id: row.namespace_id,
      project_id: row.id,
      project_name: row.name,
      detail: '',
      state: TraceState.succeeded,
      publisher_id: publisher.id,
      publisher_name: publisher.name,
      type: TraceType.queue,
      server_id: 0,
      ext: JSON.stringify(
        payload.rollback
          ? { ...payload.script, rollbackOf: payload.rollback.release }
          : payload.script,
      ),
      insert_time: now,
      update_time: now,
    });
    await states.published(row.id, {
      token,
      publisherId: publisher.id,
      publisherName: publisher.name,
    });
    const { ahead } = await queue.enqueue({
      kind: DEPLOY_JOB,
      groupKey: projectGroup(row.id),
      namespaceId: row.namespace_id,
      token,
      payload,
    });
    const project = { id: row.id, name: row.name, namespaceId: row.namespace_id };
    sendProgress(deps.hub, project, await states.boundUserIds(row.id), {
      state: DeployState.notDeployed,
      message: STAGE_MESSAGES.queue,
      ext: { lastPublishToken: token },
      token,
      stage: 'queue',
      status: 'queued',
      servers: [],
      ahead,
    });
    return { token, ahead };
  }

  /** A deploy of the caller's namespace they may see, by token. */
  async function deployOf(ctx: RequestContext, token: string) {
    const job = await states.job(token);
    if (!job || job.namespace_id !== ctx.namespaceId) throw notFound('Deploy');
    const payload = JSON.parse(job.payload) as DeployPayload;
    const row = await projects.readable(ctx, payload.projectId);
    return { job, payload, row };
  }

  /**
   * A publish of `row` as `publisher` (the caller, the member whose review was approved, or the
   * webhook or schedule that started it); `trigger` names what started it in the notice. The
   * schedule chooses the deploy's `token` itself, so a run cut off by a crash can tell whether its
   * deploy was queued.
   */
  async function publishAs(
    row: ProjectRecord,
    publisher: { id: number; name: string },
    input: PublishInput,
    trigger?: 'review' | 'webhook' | 'schedule',
    token?: string,
  ) {
    const serverIds = await targets(row, input.serverIds);
    checkVariables(row, input.customVariables);
    const branch = branchName(input.branch || row.branch);
    if (row.repo_type === 'svn') {
      const problem = svnBranchProblem(branch);
      if (problem) throw invalid('branch', problem);
    }
    // A source without history (none, an SFTP tree) deploys what it holds now.
    const history = hasHistory(row.repo_type);
    const ref = history ? input.commit || `origin/${branch}` : '';
    return enqueue(
      row,
      {
        projectId: row.id,
        publisher,
        ref,
        branch: history ? `origin/${branch}` : '',
        serverIds,
        customVariables: input.customVariables,
        script: projects.script(row),
        ...(trigger ? { trigger } : {}),
      },
      token,
    );
  }

  return {
    publishAs,

    /**
     * A publish; on a project under review, by a member who may not review, it waits as a review
     * instead (`origin` is the console's address, for the review's approval link).
     */
    async publish(ctx: RequestContext, input: PublishInput, origin: string) {
      const row = await projects.readable(ctx, input.projectId);
      if (deps.reviews.needsReview(ctx, row)) {
        // Checked now, so a review never waits for a deploy that cannot run.
        await targets(row, input.serverIds);
        checkVariables(row, input.customVariables);
        return deps.reviews.request(ctx, row, input, origin);
      }
      return publishAs(row, { id: ctx.user.id, name: ctx.user.name }, input);
    },

    /**
     * Rollback (reference §5.6, with its bug fixed): the requested release is re-linked on every
     * bound server that still holds it; the others get that commit rebuilt. The answer's type is
     * 'symlink' when every server re-links, 'publish' when any rebuilds.
     */
    async rebuild(ctx: RequestContext, token: string) {
      const { job, payload: old, row } = await deployOf(ctx, token);
      const pull = (await traces.ofToken(token)).find(
        (t) => t.type === TraceType.pull && t.state === TraceState.succeeded,
      );
      const commit = pull ? (JSON.parse(pull.ext) as CommitInfo) : undefined;
      const release = old.rollback?.release ?? token;
      const serverIds = await targets(row, []);
      if (release === (await currentRelease(deps, row, serverIds))) {
        throw invalid('token', 'is the release the servers run now: there is nothing to roll back');
      }
      const holding =
        row.symlink_path && job.status === 'succeeded'
          ? await deps.releases.serversHolding(row.id, release)
          : new Set<number>();
      const relink = serverIds.filter((id) => holding.has(id));
      // An SFTP tree's old state is gone from its source: only a kept release brings it back.
      const rebuildable = hasHistory(row.repo_type) && commit?.commit;
      if (relink.length < serverIds.length && !rebuildable) {
        throw failed(
          'This deploy cannot be rolled back: its release is gone and its commit cannot be rebuilt',
          'deploy_no_symlink',
        );
      }
      const info = commit ?? {
        branch: '',
        commit: '',
        author: '',
        timestamp: 0,
        message: '',
        tag: '',
        diff: '',
      };
      const next = await enqueue(row, {
        projectId: row.id,
        publisher: { id: ctx.user.id, name: ctx.user.name },
        ref: info.commit,
        branch: info.branch,
        serverIds,
        customVariables: old.customVariables,
        script: old.script,
        rollback: { release, commit: info, relink },
      });
      return {
        type: relink.length === serverIds.length ? 'symlink' : 'publish',
        token: next.token,
      } as const;
    },

    async cancel(ctx: RequestContext, token: string) {
      const { job } = await deployOf(ctx, token);
      return { status: await queue.cancel(job.id, ctx.user.name) };
    },

    /**
     * goploy's reset only changed a column, leaving the job running. Ours refuses while a deploy
     * waits or runs, unless told to cancel them first.
     */
    async resetState(ctx: RequestContext, input: { projectId: number; cancel: boolean }) {
      const row = await projects.readable(ctx, input.projectId);
      const active = await states.active([row.id]);
      if (active.length > 0 && !input.cancel) {
        throw failed(
          'A deploy of this project is queued or running: cancel it first',
          'deploy_running',
        );
      }
      for (const j of active) await queue.cancel(j.id, ctx.user.name);
      const until = Date.now() + CANCEL_WAIT_MS;
      while ((await states.active([row.id])).length > 0 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await states.set(row.id, DeployState.notDeployed);
    },
  };
}

export type DeployService = ReturnType<typeof createDeployService>;
