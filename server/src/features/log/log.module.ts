import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { LogApi } from './log.api.js';
import { logPlugin } from './log.plugin.js';
import { createLogRepository } from './log.repository.js';

/** The login and operation logs. */
export function createLogModule(shared: SharedDeps): FeatureModule<LogApi> {
  const logs = createLogRepository(shared.db);
  return {
    plugin: logPlugin(logs),
    api: { recordOperation: (entry) => logs.insertOperation(entry) },
  };
}
