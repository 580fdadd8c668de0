import { DeployState, TraceState, TraceType } from '@ferry/contract';
import type { Job, JobHandler } from '../../infra/jobs/job-queue.js';
import { sendProgress } from './deploy-run.js';
import {
  notifyOutcome,
  runDeploy,
  type DeployPayload,
  type PipelineDeps,
} from './deploy-pipeline.js';

/** The queue's handler of deploy jobs: runs them, and cleans up after those that never ran. */
export function createDeployJobHandler(deps: PipelineDeps): JobHandler {
  return {
    run: (job, signal) => runDeploy(deps, job, signal),

    /** A deploy cancelled before it started, or cut off by a restart: record it, free the project. */
    async abandon(job: Job, why) {
      const payload = job.payload as DeployPayload;
      const row = await deps.projects.findLive(payload.projectId, job.namespaceId);
      const detail =
        why === 'cancelled'
          ? `cancelled${job.error.replace(/^cancelled/, '')}`
          : job.error || 'interrupted by restart';
      const now = deps.clock.now();
      await deps.traces.insert({
        token: job.token,
        namespace_id: job.namespaceId,
        project_id: payload.projectId,
        project_name: row?.name ?? '',
        detail,
        state: TraceState.failed,
        publisher_id: payload.publisher.id,
        publisher_name: payload.publisher.name,
        type: TraceType.publishFinish,
        server_id: 0,
        ext: '{}',
        insert_time: now,
        update_time: now,
      });
      if (!row) return;
      await deps.states.finished(row.id, job.id, why === 'cancelled' ? 'cancelled' : 'failed');
      const project = { id: row.id, name: row.name, namespaceId: row.namespace_id };
      sendProgress(deps.hub, project, await deps.states.boundUserIds(row.id), {
        state: DeployState.fail,
        message: detail,
        ext: {},
        token: job.token,
        stage: 'finish',
        status: why === 'cancelled' ? 'cancelled' : 'failed',
        servers: [],
        ahead: 0,
      });
      const { servers } = await deps.servers.forDeploy(payload.serverIds);
      const outcome = { row, payload, token: job.token, servers, commit: undefined };
      await notifyOutcome(deps, { ...outcome, succeeded: false, detail });
    },
  };
}
