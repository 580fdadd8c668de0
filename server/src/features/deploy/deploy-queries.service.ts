import {
  type DeployStage,
  type deployRoutes,
  GOPLOY_STAGE_NAMES,
  type JobStatus,
  type logRoutes,
  PublishProgressState,
  type RepoType,
  type RouteParsed,
  TraceState,
  TraceType,
  type TraceTypeId,
  STAGE_OF_TRACE_TYPE,
} from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { ProjectAccess } from '../project/project.api.js';
import { currentRelease } from './current-release.js';
import type { LiveStages } from './deploy-live.js';
import { deployLogFile, readDeployLog } from './deploy-log.js';
import { projectGroup, type DeployStateStore } from './deploy-state.js';
import { presentHistory, presentTrace } from './deploy.presenter.js';
import type { ReleaseRepository } from './release.repository.js';
import type { ReviewService } from './review.service.js';
import type { HistoryRecord, PreviewFilter, TraceRepository } from './trace.repository.js';

type PreviewInput = RouteParsed<typeof deployRoutes.getPreview>;
type PublishLogInput = RouteParsed<typeof logRoutes.getPublishLogList>;

/** `"a,b"` local date-times → epoch ms bounds; a bare date means the whole day. */
function dateRange(text: string): { from: number; to: number } | undefined {
  if (!text) return undefined;
  const [a = '', b = ''] = text.split(',');
  const at = (s: string, end: boolean) =>
    new Date(
      s.includes(' ') ? s.replace(' ', 'T') : `${s}T${end ? '23:59:59' : '00:00:00'}`,
    ).getTime();
  // The end second is inclusive.
  return { from: at(a, false), to: at(b, true) + 999 };
}

/** Reads: the deploy cards, traces, progress, history, logs. */
export function createDeployQueries(deps: {
  projects: ProjectAccess;
  traces: TraceRepository;
  states: DeployStateStore;
  queue: JobQueue;
  live: LiveStages;
  releases: ReleaseRepository;
  sharedDir: string;
  reviews: Pick<ReviewService, 'waiting'>;
}) {
  const { projects, traces, states, queue } = deps;

  /** A deploy of the caller's namespace whose project they may read. */
  async function visibleToken(ctx: RequestContext, token: string) {
    const rows = await traces.ofToken(token);
    const first = rows[0];
    if (!first || first.namespace_id !== ctx.namespaceId) throw notFound('Deploy');
    await projects.readable(ctx, first.project_id);
    return rows;
  }

  return {
    async list(ctx: RequestContext) {
      const rows = await projects.deployList(ctx);
      const ids = rows.map((r) => r.id);
      const [exts, active, bindings, waiting] = await Promise.all([
        traces.pullExts(rows.map((r) => r.last_publish_token).filter(Boolean)),
        states.active(ids),
        projects.bindingsOf(ids),
        deps.reviews.waiting(ids),
      ]);
      return rows.map((r) => {
        const mine = active.filter((j) => j.group_key === projectGroup(r.id));
        const first = mine[0];
        return {
          id: r.id,
          name: r.name,
          repoType: r.repo_type as RepoType,
          transferType: r.transfer_type,
          url: r.url,
          label: r.label,
          publisherId: r.publisher_id,
          publisherName: r.publisher_name,
          publishExt: exts.get(r.last_publish_token) ?? '{}',
          environment: r.environment,
          branch: r.branch,
          symlinkPath: r.symlink_path,
          review: r.review,
          script: projects.script(r),
          lastPublishToken: r.last_publish_token,
          autoDeploy: r.auto_deploy,
          deployState: r.deploy_state,
          updateTime: formatTime(r.update_time),
          serverIds: bindings.get(r.id)?.serverIds ?? [],
          activeToken: first?.token ?? '',
          activeStatus: (first?.status ?? '') as JobStatus | '',
          queued: mine.filter((j) => j.status === 'queued').length,
          reviewCount: waiting.get(r.id) ?? 0,
        };
      });
    },

    async trace(ctx: RequestContext, token: string) {
      return (await visibleToken(ctx, token)).map(presentTrace);
    },

    async traceDetail(ctx: RequestContext, id: number) {
      const row = await traces.find(id);
      if (!row || row.namespace_id !== ctx.namespaceId) throw notFound('Deploy record');
      await projects.readable(ctx, row.project_id);
      return row.detail;
    },

    /** goploy's poll answer, and ours: the job's status and its place in the queue. */
    async progress(ctx: RequestContext, token: string) {
      const rows = await visibleToken(ctx, token);
      let state: number = PublishProgressState.running;
      let traced: DeployStage | undefined;
      let message = '';
      for (const t of rows) {
        traced = STAGE_OF_TRACE_TYPE[t.type as TraceTypeId] ?? traced;
        if (t.type === TraceType.publishFinish && t.state === TraceState.succeeded) {
          state = PublishProgressState.finished;
        }
        if (t.state === TraceState.failed) {
          state = PublishProgressState.failed;
          message = `Encountered an error in ${traced ? GOPLOY_STAGE_NAMES[traced] : ''}`;
          break;
        }
      }
      const job = await states.job(token);
      const status = (job?.status ?? 'failed') as JobStatus;
      if (status === 'cancelled' || status === 'failed') state = PublishProgressState.failed;
      const ahead = job && status === 'queued' ? ((await queue.ahead(job.id)) ?? 0) : 0;
      // The trace records a stage when it ends: a running deploy is in the stage it entered last.
      const live = status === 'running' && job ? deps.live.of(token, job) : undefined;
      const stageKey = live?.stage ?? traced ?? 'queue';
      const stage = live || traced ? GOPLOY_STAGE_NAMES[stageKey] : '';
      return { state, stage, message, status, ahead, stageKey, stageSince: live?.since ?? 0 };
    },

    async log(ctx: RequestContext, token: string) {
      await visibleToken(ctx, token);
      const job = await states.job(token);
      // Pruned by retention: the trace rows still hold each stage's output.
      if (job?.log_pruned === 1) return { lines: [], truncated: false, pruned: true };
      return { ...(await readDeployLog(deployLogFile(deps.sharedDir, token))), pruned: false };
    },

    async preview(ctx: RequestContext, input: PreviewInput) {
      const row = await projects.readable(ctx, input.projectId);
      const commitDate = dateRange(input.commitDate);
      const deployDate = dateRange(input.deployDate);
      const filter: PreviewFilter = {
        projectId: row.id,
        userId: input.userId,
        state: input.state,
        texts: [input.branch, input.commit, input.filename].filter((t) => t !== ''),
        token: input.token,
        ...(deployDate ? { deployFrom: deployDate.from, deployTo: deployDate.to } : {}),
      };
      const offset = (input.page - 1) * input.rows;
      const page = { page: input.page, rows: input.rows };
      const bound = (await projects.bindingsOf([row.id])).get(row.id)?.serverIds ?? [];
      const current = await currentRelease({ states, releases: deps.releases }, row, bound);
      const present = (h: HistoryRecord) => presentHistory(h, current);
      if (!commitDate) {
        const [found, total] = await Promise.all([
          traces.history(filter, { offset, limit: input.rows }),
          traces.historyTotal(filter),
        ]);
        return { list: found.map(present), pagination: { ...page, total } };
      }
      // The commit time lives in the pull row's JSON: filtered here, for both databases alike.
      const all = (await traces.history(filter)).map(present).filter((h) => {
        const t = h.commitTimestamp * 1000;
        return t >= commitDate.from && t <= commitDate.to;
      });
      return {
        list: all.slice(offset, offset + input.rows),
        pagination: { ...page, total: all.length },
      };
    },

    async publishLog(ctx: RequestContext, input: PublishLogInput) {
      const offset = (input.page - 1) * input.rows;
      const { rows } = await traces.publishLog(ctx.namespaceId, input, {
        offset,
        limit: input.rows,
      });
      const tokens = rows.map((r) => r.token);
      const [details, exts] = await Promise.all([
        traces.failureDetails(tokens),
        traces.pullExts(tokens),
      ]);
      return rows.map((r) => ({
        token: r.token,
        projectId: r.project_id,
        projectName: r.project_name,
        publisherId: r.publisher_id,
        publisherName: r.publisher_name,
        state: r.status === 'succeeded' ? 1 : 0,
        status: r.status ?? 'failed',
        detail: details.get(r.token) ?? '',
        ext: exts.get(r.token) ?? '',
        insertTime: formatTime(r.insert_time),
      }));
    },

    async publishLogTotal(ctx: RequestContext, input: Omit<PublishLogInput, 'page' | 'rows'>) {
      return (await traces.publishLog(ctx.namespaceId, input)).total;
    },
  };
}

export type DeployQueries = ReturnType<typeof createDeployQueries>;
