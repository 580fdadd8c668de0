import type { FeatureModule } from '../../core/module.js';
import { createHub, type Hub } from '../../core/ws/hub.js';
import type { SocketRegistry } from '../../core/ws/socket-registry.js';
import { hubPlugin } from './hub.plugin.js';

/** The realtime hub's socket route; features publish through the hub it returns. */
export function createHubModule(deps: { sockets: SocketRegistry }): FeatureModule<Hub> {
  const hub = createHub({ sockets: deps.sockets });
  return {
    socketPlugin: (app) => {
      app.addHook('onClose', () => hub.close());
      return hubPlugin(hub)(app);
    },
    api: hub,
  };
}
