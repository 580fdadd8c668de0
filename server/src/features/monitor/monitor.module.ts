import { randomUUID } from 'node:crypto';
import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import { scheduleSharedPruning } from '../../infra/retention/retention.js';
import type { Ticker } from '../../infra/jobs/ticker.js';
import { createNotifyTargets } from '../../infra/notify/notify-target.js';
import type { NotificationApi } from '../notification/notification.api.js';
import type { RemoteRunApi } from '../remote-run/remote-run.api.js';
import type { ServerDirectory } from '../server/server.api.js';
import { createMonitorChecks } from './checks/monitor-checks.js';
import { createMonitorAlerts } from './engine/alerts.js';
import { pruneMonitorResults } from './engine/history.js';
import type { MonitorCheckRunner, MonitorScriptRunner } from './engine/monitor-deps.js';
import { createMonitorEngine, type MonitorEngineOptions } from './engine/monitor-engine.js';
import type { MonitorApi } from './monitor.api.js';
import { monitorPlugin } from './monitor.plugin.js';
import { createMonitorRepository } from './monitor.repository.js';
import { createMonitorService } from './monitor.service.js';

/**
 * Application monitors: the routes, and the engine (started when the app is ready, stopped when
 * it closes) that checks due monitors, alerts and records results. Process and script checks and
 * the success and fail scripts run through the remote-run engine's one-off exec; tests may put
 * their own check runner in.
 */
export function createMonitorModule(
  shared: SharedDeps,
  deps: {
    servers: Pick<ServerDirectory, 'visible' | 'usableIds'>;
    notifications: Pick<NotificationApi, 'notify'>;
    hub: Pick<Hub, 'publish'>;
    remoteRuns: Pick<RemoteRunApi, 'execOnServer'>;
    checks?: MonitorCheckRunner | undefined;
    scripts?: MonitorScriptRunner | undefined;
    engine?: MonitorEngineOptions | undefined;
  },
): FeatureModule<MonitorApi> {
  const repo = createMonitorRepository(shared.db);
  const { clock } = shared;
  const targets = createNotifyTargets(shared.box);
  const execOnServer = deps.remoteRuns.execOnServer;
  const kinds = createMonitorChecks({ execOnServer });
  const checks: MonitorCheckRunner = deps.checks ?? ((...args) => kinds.run(...args));
  const scripts = deps.scripts ?? execOnServer;
  const engine = createMonitorEngine(
    {
      repo,
      clock,
      checks,
      scripts,
      usable: (ns) => deps.servers.usableIds(ns),
      alerts: createMonitorAlerts({ notifications: deps.notifications, targets }),
      hub: deps.hub,
      log: shared.log,
      owner: `monitor-${randomUUID()}`,
    },
    deps.engine,
  );
  const monitors = createMonitorService({
    repo,
    clock,
    targets,
    servers: deps.servers,
    checks,
    scripts,
    wake: () => void engine.pass().catch(() => undefined),
  });
  const prune = () =>
    pruneMonitorResults(repo, shared.config.retention.monitorCheckDays, clock.now());
  let pruning: Ticker | undefined;
  return {
    plugin: async (app) => {
      app.addHook('onReady', async () => {
        engine.start();
        pruning = scheduleSharedPruning(
          shared,
          'prune-monitor-results',
          prune,
          'pruning monitor results',
        );
      });
      app.addHook('onClose', async () => {
        await pruning?.stop();
        await engine.stop();
      });
      await monitorPlugin(monitors)(app);
    },
    api: { runDue: () => engine.runDue(), prune },
  };
}
