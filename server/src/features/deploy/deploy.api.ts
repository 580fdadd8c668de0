import type { Variables } from '../../core/variables.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { ProjectRecord } from '../project/project.api.js';
import type { DeployService } from './deploy.service.js';

/** What the app, its tests and other features take from the deploy feature. */
export interface DeployApi {
  /** The durable deploy queue: started when the app is ready, stopped with a grace at close. */
  queue: JobQueue;
  /**
   * Queues a deploy of a live project as `publisher`, without review (the webhook and the
   * schedule start deploys this way; the caller has checked the project may be deployed).
   */
  publishAs: DeployService['publishAs'];
  /**
   * The commits the project's servers run (each server's release) and those its queued or
   * running deploys name: a webhook push of one of them, or of an ancestor, is stale.
   */
  deployedCommits: (project: ProjectRecord) => Promise<string[]>;
  /** Whether a deploy with this token was queued (whatever became of it since). */
  exists(token: string): Promise<boolean>;
  /**
   * The variables a project's process commands see: the project's (no publish token outside a
   * deploy) and its custom variables' defaults.
   */
  processVariables(project: ProjectRecord): Variables;
}
export { secretMask } from './deploy-log.js';
export { finishedDeployJob, linkedRelease, type FinishedDeploy } from './imported-deploy.js';
