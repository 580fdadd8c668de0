import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import type { SocketRegistry } from '../../core/ws/socket-registry.js';
import type { ServerDirectory } from '../server/server.api.js';
import { sftpFilesPlugin } from './sftp-files.plugin.js';
import { createSftpFilesService } from './sftp-files.service.js';
import { sftpLogPlugin } from './sftp-log.plugin.js';
import { createSftpLogRepository } from './sftp-log.repository.js';
import { createSftpLogService } from './sftp-log.service.js';
import { sftpSocketPlugin } from './sftp-socket.plugin.js';
import { createSftpSocketService } from './sftp-socket.service.js';

/** The SFTP file manager: listings over a socket, file routes, transfers, and their log. */
export function createSftpModule(
  shared: SharedDeps,
  deps: { servers: ServerDirectory; sockets: SocketRegistry; hub: Hub },
): FeatureModule {
  const access = deps.servers.access;
  const logs = createSftpLogService({
    logs: createSftpLogRepository(shared.db),
    clock: shared.clock,
  });
  const listings = createSftpSocketService({
    access,
    logs,
    sockets: deps.sockets,
    policy: shared.config.terminal,
  });
  const files = createSftpFilesService({ access, logs });
  return {
    plugin: (app) => {
      sftpLogPlugin(logs)(app);
      sftpFilesPlugin(files)(app);
    },
    socketPlugin: sftpSocketPlugin(listings),
    api: undefined,
  };
}
