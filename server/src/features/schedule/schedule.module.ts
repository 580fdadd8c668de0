import { randomUUID } from 'node:crypto';
import type { FeatureModule, SharedDeps } from '../../core/module.js';
import { createLeases } from '../../infra/jobs/lease.js';
import { startTicker, type Ticker } from '../../infra/jobs/ticker.js';
import type { AuthApi } from '../auth/auth.api.js';
import type { DeployApi } from '../deploy/deploy.api.js';
import type { ProjectAccess } from '../project/project.api.js';
import type { ScheduleApi } from './schedule.api.js';
import { schedulePlugin } from './schedule.plugin.js';
import { createScheduleService } from './schedule.service.js';
import { createTaskRunner } from './task-runner.js';
import { createTaskRepository } from './task.repository.js';

/** How often due tasks are looked for (goploy: every minute). */
const PASS_EVERY_MS = 10_000;

/**
 * Scheduled deploys: the routes, and one ticker (started when the app is ready, after the deploy
 * queue, so a time missed while the console was down runs at start) that queues due tasks.
 */
export function createScheduleModule(
  shared: SharedDeps,
  deps: { projects: ProjectAccess; deploy: DeployApi; auth: Pick<AuthApi, 'holds'> },
): FeatureModule<ScheduleApi> {
  const tasks = createTaskRepository(shared.db);
  const runner = createTaskRunner({
    tasks,
    leases: createLeases(shared.db, 'project_task', `schedule-${randomUUID()}`),
    projects: deps.projects,
    deploy: deps.deploy,
    holds: deps.auth.holds,
    clock: shared.clock,
  });
  let ticker: Ticker | undefined;
  // Passes of one console never overlap, so a pass asked for (tests) waits for the ticker's.
  let passing: Promise<void> = Promise.resolve();
  const runDue = () => (passing = passing.then(runner.runDue, runner.runDue));
  const schedule = createScheduleService({
    tasks,
    projects: deps.projects,
    clock: shared.clock,
    wake: () => ticker?.kick(),
  });
  return {
    plugin: async (app) => {
      app.addHook('onReady', async () => {
        ticker = startTicker(runDue, {
          everyMs: PASS_EVERY_MS,
          log: shared.log,
          what: 'scheduled deploys',
        });
      });
      app.addHook('onClose', async () => {
        await ticker?.stop();
      });
      await schedulePlugin({ schedule })(app);
    },
    api: { runDue },
  };
}
