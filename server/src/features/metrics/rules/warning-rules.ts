import { randomUUID } from 'node:crypto';
import type { FeatureModule, SharedDeps } from '../../../core/module.js';
import { createNotifyTargets } from '../../../infra/notify/notify-target.js';
import type { NotificationApi } from '../../notification/notification.api.js';
import type { ServerDirectory } from '../../server/server.api.js';
import { createRuleAlerts } from './rule-alerts.js';
import { createRuleEngine, type RuleEngineOptions } from './rule-engine.js';
import { rulePlugin } from './rule.plugin.js';
import { createRuleRepository } from './rule.repository.js';
import { createRuleService } from './rule.service.js';

export type { RuleEngineOptions };

/** What the console (and tests) may ask of warning rules. */
export interface WarningRulesApi {
  /** Evaluates the rules whose window is due now and waits for them (tests; a ticker runs it). */
  evaluateDue: () => Promise<void>;
}

/**
 * Server warning rules (goploy's `server_monitor`): the routes, and the engine (started when the
 * app is ready, stopped when it closes) that evaluates each rule at the end of its window and
 * alerts through the notification service.
 */
export function createWarningRules(
  shared: SharedDeps,
  deps: {
    servers: Pick<ServerDirectory, 'visible' | 'access' | 'shown'>;
    notifications: Pick<NotificationApi, 'notify'>;
    engine?: RuleEngineOptions | undefined;
  },
): FeatureModule<WarningRulesApi> & { plugin: NonNullable<FeatureModule['plugin']> } {
  const repo = createRuleRepository(shared.db);
  const targets = createNotifyTargets(shared.box);
  const engine = createRuleEngine(
    {
      repo,
      clock: shared.clock,
      servers: deps.servers.access,
      alerts: createRuleAlerts({
        notifications: deps.notifications,
        targets,
        servers: deps.servers,
      }),
      log: shared.log,
      owner: `rules-${randomUUID()}`,
    },
    deps.engine,
  );
  const rules = createRuleService({
    repo,
    clock: shared.clock,
    targets,
    servers: deps.servers,
  });
  return {
    plugin: async (app) => {
      app.addHook('onReady', async () => engine.start());
      app.addHook('onClose', async () => engine.stop());
      await rulePlugin(rules)(app);
    },
    api: { evaluateDue: () => engine.evaluateDue() },
  };
}
