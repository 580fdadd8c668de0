/** Deploy constants without zod, shared with the browser. */

/** product.md §4: a project's deploy state. */
export const DeployState = {
  notDeployed: 0,
  deploying: 1,
  success: 2,
  fail: 3,
} as const;

/** A publish trace row's `state`: its stage failed or succeeded. */
export const TraceState = {
  failed: 0,
  succeeded: 1,
} as const;
export type TraceStateId = (typeof TraceState)[keyof typeof TraceState];

/** `state` of goploy's progress poll answer (`/deploy/getPublishProgress`). */
export const PublishProgressState = {
  failed: 0,
  running: 1,
  finished: 2,
} as const;

/** goploy's publish trace `type`: one row per stage (and per server for transfer, after deploy). */
export const TraceType = {
  queue: 0,
  pull: 2,
  afterPull: 3,
  transfer: 5,
  afterDeploy: 6,
  deployFinish: 7,
  publishFinish: 8,
} as const;
export type TraceTypeId = (typeof TraceType)[keyof typeof TraceType];

/** The stages of a deploy, in order, as the progress drawer shows them. */
export const DEPLOY_STAGES = [
  'queue',
  'pull',
  'afterPull',
  'transfer',
  'afterDeploy',
  'deployFinish',
  'finish',
] as const;
export type DeployStage = (typeof DEPLOY_STAGES)[number];

/**
 * The `message` of a hub type-1 frame for each stage, word for word as goploy sends them (its
 * clients show them); the web app translates by `stage` instead.
 */
export const STAGE_MESSAGES: Record<DeployStage, string> = {
  queue: 'Task waiting',
  pull: 'Repo follow',
  afterPull: 'Run pull script',
  transfer: 'Sync',
  afterDeploy: 'Sync',
  deployFinish: 'Run finish script',
  finish: 'Success',
};

/** goploy's progress stage names (getPublishProgress `stage`), by our stage. */
export const GOPLOY_STAGE_NAMES: Record<DeployStage, string> = {
  queue: 'Enqueue',
  pull: 'Pull',
  afterPull: 'After Pull',
  transfer: 'Deploy',
  afterDeploy: 'After Deploy',
  deployFinish: 'Deploy Finish',
  finish: 'Publish Finish',
};

/** Our stage of each trace `type`. */
export const STAGE_OF_TRACE_TYPE: Record<TraceTypeId, DeployStage> = {
  [TraceType.queue]: 'queue',
  [TraceType.pull]: 'pull',
  [TraceType.afterPull]: 'afterPull',
  [TraceType.transfer]: 'transfer',
  [TraceType.afterDeploy]: 'afterDeploy',
  [TraceType.deployFinish]: 'deployFinish',
  [TraceType.publishFinish]: 'finish',
};

/** A deploy job's life: waiting, running, or how it ended. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Per server within a deploy. */
export const SERVER_DEPLOY_STATES = ['waiting', 'running', 'success', 'fail', 'skipped'] as const;
export type ServerDeployState = (typeof SERVER_DEPLOY_STATES)[number];

/** One stage's output kept in its trace row; the whole log stays on disk. */
export const TRACE_DETAIL_LIMIT = 1024 * 1024;
export const TRACE_TRUNCATED_MARK =
  '\n… [output truncated: the full log is kept with the deploy]\n';

/** Hub type-1 frame: a project's deploy state changed (goploy's fields, then ours). */
export interface DeployProgressMessage {
  projectId: number;
  projectName: string;
  /** 0 queued, 1 deploying, 2 success, 3 fail (goploy's frame states). */
  state: number;
  message: string;
  /** `{lastPublishToken}` when queued, the commit info on success, else `{}`. */
  ext: Record<string, unknown>;
  token: string;
  stage: DeployStage;
  /** When `stage` began (epoch ms), for a live timer; 0 when unknown. */
  stageSince?: number;
  status: JobStatus;
  /** Per-server progress during transfer and after deploy. */
  servers: { serverId: number; serverName: string; state: ServerDeployState }[];
  /** Jobs of this project ahead of a queued one. */
  ahead: number;
}

/** Hub type-11 frame: one line of a deploy's output, to subscribers of its token. */
export interface DeployLogMessage {
  projectId: number;
  token: string;
  stage: DeployStage;
  /** 0 for stages on the console host. */
  serverId: number;
  line: string;
  /** When the line was printed (epoch ms). */
  at?: number;
}

/** product.md §4: review state 0 wait, 1 approved, 2 rejected. */
export const ReviewState = { waiting: 0, approved: 1, rejected: 2 } as const;

/** What became of a scheduled deploy's last run (`project_task.last_result`). */
export const TaskResult = {
  /** The run's deploy is being queued (a run cut off here is finished by the next pass). */
  pending: 'pending',
  queued: 'queued',
  /** Not deployed: the project was removed, no server is bound, a variable is gone… */
  skipped: 'skipped',
} as const;
export type TaskResult = (typeof TaskResult)[keyof typeof TaskResult];

/** How many commits and changed files a review's changes list at most (`truncated` beyond). */
export const REVIEW_CHANGES_SHOWN = { commits: 100, files: 500 } as const;
