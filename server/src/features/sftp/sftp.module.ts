import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import type { SocketRegistry } from '../../core/ws/socket-registry.js';
import type { ServerDirectory } from '../server/server.api.js';
import { sftpLogPlugin } from './sftp-log.plugin.js';
import { createSftpLogRepository } from './sftp-log.repository.js';
import { createSftpLogService } from './sftp-log.service.js';

/** The SFTP file manager: listings over a socket, file routes, transfers, and their log. */
export function createSftpModule(
  shared: SharedDeps,
  deps: { servers: ServerDirectory; sockets: SocketRegistry; hub: Hub },
): FeatureModule {
  void deps;
  const logs = createSftpLogService({
    logs: createSftpLogRepository(shared.db),
    clock: shared.clock,
  });
  return {
    plugin: (app) => {
      sftpLogPlugin(logs)(app);
    },
    api: undefined,
  };
}
