import type { JobQueue } from '../../infra/jobs/job-queue.js';

/** What the app (and its tests) take from the deploy feature. */
export interface DeployApi {
  /** The durable deploy queue: started when the app is ready, stopped with a grace at close. */
  queue: JobQueue;
}
