import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { SocketRegistry } from '../../core/ws/socket-registry.js';
import type { ServerDirectory } from '../server/server.api.js';
import { terminalLogPlugin } from './terminal-log.plugin.js';
import { createTerminalLogRepository } from './terminal-log.repository.js';
import { createTerminalLogService } from './terminal-log.service.js';
import { terminalPlugin } from './terminal.plugin.js';
import { createTerminalService } from './terminal.service.js';

/** Web terminals on servers, their log and recordings. */
export function createTerminalModule(
  shared: SharedDeps,
  deps: { servers: ServerDirectory; sockets: SocketRegistry },
): FeatureModule {
  const { config } = shared;
  const logs = createTerminalLogRepository(shared.db);
  const terminals = createTerminalService({
    access: deps.servers.access,
    logs,
    sockets: deps.sockets,
    clock: shared.clock,
    dataDir: config.dataDir,
    policy: config.terminal,
  });
  return {
    plugin: terminalLogPlugin(createTerminalLogService({ logs, dataDir: config.dataDir })),
    socketPlugin: terminalPlugin(terminals),
    api: undefined,
  };
}
