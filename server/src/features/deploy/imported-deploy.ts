import type { Insertable } from 'kysely';
import type { JobTable, ProjectReleaseTable } from '../../db/schema.js';
import { parseScript } from '../project/project.api.js';
import type { DeployPayload } from './deploy-pipeline.js';
import { projectGroup } from './deploy-state.js';
import { DEPLOY_JOB } from './deploy.service.js';
import { COMPLETE, RELEASE_PRESENT, RELEASE_REMOVED } from './release.repository.js';

/** A deploy another system ran (goploy's, carried by the import), as its trace rows tell it. */
export interface FinishedDeploy {
  projectId: number;
  namespaceId: number;
  token: string;
  publisher: { id: number; name: string };
  /** The pull row's branch and commit; undefined when the deploy failed before it. */
  commit: { branch: string; commit: string } | undefined;
  serverIds: number[];
  /** The script snapshot of its queue row (JSON text). */
  script: string;
  succeeded: boolean;
  start: number;
  end: number;
}

/**
 * The job row of a deploy that ran elsewhere, finished: the history reads its status from it and
 * a rollback its payload, as for the console's own deploys. Its output lives in its trace rows
 * alone, so it reads as a deploy whose full log retention removed.
 */
export function finishedDeployJob(d: FinishedDeploy): Insertable<JobTable> {
  const payload: DeployPayload = {
    projectId: d.projectId,
    publisher: d.publisher,
    ref: d.commit?.commit ?? '',
    branch: d.commit?.branch ?? '',
    serverIds: d.serverIds,
    customVariables: [],
    script: parseScript(d.script),
  };
  return {
    kind: DEPLOY_JOB,
    group_key: projectGroup(d.projectId),
    namespace_id: d.namespaceId,
    token: d.token,
    payload: JSON.stringify(payload),
    status: d.succeeded ? 'succeeded' : 'failed',
    error: '',
    insert_time: d.start,
    start_time: d.start,
    end_time: d.end,
    log_pruned: 1,
  };
}

/**
 * The release directory `<symlink path>/<token>` a deploy that ran elsewhere linked on a server:
 * `present` when it may still be there (a rollback checks that it is before re-linking it).
 */
export function linkedRelease(
  r: { projectId: number; serverId: number; token: string; linkedAt: number },
  present: boolean,
): Insertable<ProjectReleaseTable> {
  return {
    project_id: r.projectId,
    server_id: r.serverId,
    name: r.token,
    token: r.token,
    state: present ? RELEASE_PRESENT : RELEASE_REMOVED,
    complete: COMPLETE,
    last_used_time: r.linkedAt,
    insert_time: r.linkedAt,
  };
}
