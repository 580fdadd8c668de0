import { createClusterLocks } from '../../infra/cluster/cluster-locks.js';
import { randomUUID } from 'node:crypto';
import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Ticker } from '../../infra/jobs/ticker.js';
import { createNotifyTargets } from '../../infra/notify/notify-target.js';
import { scheduleSharedPruning } from '../../infra/retention/retention.js';
import type { NotificationApi } from '../notification/notification.api.js';
import type { RemoteRunApi } from '../remote-run/remote-run.api.js';
import type { ServerDirectory } from '../server/server.api.js';
import { createCronEngine, type CronEngineOptions } from './cron-engine.js';
import { createCronFenceRepository } from './cron-fence.repository.js';
import { createCronLogRepository } from './cron-log.repository.js';
import { cronPlugin } from './cron.plugin.js';
import { pruneCronRuns } from './cron-prune.js';
import { createCronReader } from './cron-reader.js';
import { createCronRepository } from './cron.repository.js';
import { createCronService } from './cron.service.js';
import { createCronWriter } from './cron-writer.js';
import { createCrontabService } from './crontab.service.js';
import { createCrontabRemote } from './remote/crontab-remote.js';
import { wrapperScript } from './remote/cron-scripts.js';

export type { CronEngineOptions };

/** What the cron feature offers the console (and its tests). */
export interface CronApi {
  /** Reads the run records of the servers due now and waits for them (tests; also every 5 s). */
  readDue: () => Promise<void>;
  /** Removes runs past their retention (also at start and hourly); answers how many. */
  prune: () => Promise<number>;
}

/**
 * Cron jobs (`/server/cron`): jobs kept in the console and written into one fenced block of each
 * server's real crontab, each line calling a wrapper that records its runs; the runs read into
 * `cron_log` on page view and every minute; the Crontab UI reader and import.
 */
export function createCronModule(
  shared: SharedDeps,
  deps: {
    servers: Pick<ServerDirectory, 'visible'>;
    remoteRuns: Pick<RemoteRunApi, 'execOnServer'>;
    notifications: Pick<NotificationApi, 'notifyText'>;
    engine?: CronEngineOptions | undefined;
  },
): FeatureModule<CronApi> {
  const { db, clock, log } = shared;
  const jobs = createCronRepository(db);
  const logs = createCronLogRepository(db);
  const fences = createCronFenceRepository(db);
  const targets = createNotifyTargets(shared.box);
  const remote = createCrontabRemote({ execOnServer: deps.remoteRuns.execOnServer });
  // Read now: a build that lost the file fails at start, not at the first write.
  wrapperScript();
  const writer = createCronWriter({
    remote,
    jobs,
    fences,
    clock,
    wrapper: wrapperScript,
    locks: createClusterLocks({ db: shared.db, clock, scope: 'crontab' }),
  });
  const reader = createCronReader({
    remote,
    logs,
    jobs,
    clock,
    notifications: deps.notifications,
    targets,
    log,
  });
  const engine = createCronEngine(
    { fences, reader, clock, owner: `cron-${randomUUID()}`, log },
    deps.engine,
  );
  const cron = createCronService({
    jobs,
    logs,
    fences,
    writer,
    reader,
    remote,
    clock,
    targets,
    servers: deps.servers,
  });
  const crontab = createCrontabService({
    jobs,
    fences,
    writer,
    remote,
    clock,
    servers: deps.servers,
  });
  const prune = () => pruneCronRuns(db, shared.config.retention.cronLogDays, clock.now());
  let pruning: Ticker | undefined;
  return {
    plugin: async (app) => {
      app.addHook('onReady', async () => {
        engine.start();
        pruning = scheduleSharedPruning(
          { ...shared, log },
          'prune-cron-runs',
          prune,
          'pruning cron run history',
        );
      });
      app.addHook('onClose', async () => {
        await pruning?.stop();
        await engine.stop();
      });
      await cronPlugin(cron, crontab)(app);
    },
    api: { readDue: engine.readDue, prune },
  };
}
