import type { FeatureModule } from '../../core/module.js';
import { createHub, type Hub } from '../../core/ws/hub.js';
import type { SocketRegistry } from '../../core/ws/socket-registry.js';
import type { ClusterBus } from '../../infra/cluster/cluster-bus.js';
import { relayHub } from './hub-relay.js';
import { hubPlugin } from './hub.plugin.js';

/** The realtime hub's socket route; features publish through the hub it returns. */
export function createHubModule(deps: {
  sockets: SocketRegistry;
  bus: ClusterBus;
}): FeatureModule<Hub> {
  const local = createHub({ sockets: deps.sockets });
  const hub = relayHub(local, deps.bus);
  return {
    socketPlugin: (app) => {
      app.addHook('onClose', () => local.close());
      return hubPlugin(local)(app);
    },
    api: hub,
  };
}
