import { randomUUID } from 'node:crypto';
import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import { schedulePruning } from '../../infra/retention/retention.js';
import type { Ticker } from '../../infra/jobs/ticker.js';
import type { NotificationApi } from '../notification/notification.api.js';
import type { ServerDirectory } from '../server/server.api.js';
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
 * it closes) that checks due monitors, alerts and records results. The check kinds and the
 * script runner come from outside; without a check runner no monitor is checked.
 */
export function createMonitorModule(
  shared: SharedDeps,
  deps: {
    servers: Pick<ServerDirectory, 'visible' | 'usableIds'>;
    notifications: Pick<NotificationApi, 'notify'>;
    hub: Pick<Hub, 'publish'>;
    checks: MonitorCheckRunner | undefined;
    scripts: MonitorScriptRunner | undefined;
    engine?: MonitorEngineOptions | undefined;
  },
): FeatureModule<MonitorApi> {
  const repo = createMonitorRepository(shared.db);
  const { clock } = shared;
  const engine = deps.checks
    ? createMonitorEngine(
        {
          repo,
          clock,
          checks: deps.checks,
          scripts: deps.scripts,
          usable: (ns) => deps.servers.usableIds(ns),
          alerts: createMonitorAlerts({ notifications: deps.notifications }),
          hub: deps.hub,
          log: shared.log,
          owner: `monitor-${randomUUID()}`,
        },
        deps.engine,
      )
    : undefined;
  const monitors = createMonitorService({
    repo,
    clock,
    servers: deps.servers,
    checks: deps.checks,
    scripts: deps.scripts,
    wake: () => void engine?.pass().catch(() => undefined),
  });
  const prune = () =>
    pruneMonitorResults(repo, shared.config.retention.monitorCheckDays, clock.now());
  let pruning: Ticker | undefined;
  return {
    plugin: async (app) => {
      app.addHook('onReady', async () => {
        engine?.start();
        pruning = schedulePruning(prune, shared.log);
      });
      app.addHook('onClose', async () => {
        await pruning?.stop();
        await engine?.stop();
      });
      await monitorPlugin(monitors)(app);
    },
    api: { runDue: () => engine?.runDue() ?? Promise.resolve(), prune },
  };
}
