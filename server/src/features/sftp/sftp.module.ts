import { createClusterLocks } from '../../infra/cluster/cluster-locks.js';
import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import type { SocketRegistry } from '../../core/ws/socket-registry.js';
import type { ServerDirectory } from '../server/server.api.js';
import { createSftpDownloads } from './sftp-download.service.js';
import { sftpFilesPlugin } from './sftp-files.plugin.js';
import { createSftpFilesService } from './sftp-files.service.js';
import { sftpLogPlugin } from './sftp-log.plugin.js';
import { createSftpLogRepository } from './sftp-log.repository.js';
import { createShortLived } from '../../db/short-lived.js';
import { createSftpLogService } from './sftp-log.service.js';
import { sftpSocketPlugin } from './sftp-socket.plugin.js';
import { createSftpSocketService } from './sftp-socket.service.js';
import { sftpStreamPlugin } from './sftp-stream.plugin.js';
import { createSftpTransfers } from './sftp-transfer.service.js';
import { createSftpUploads } from './sftp-upload.service.js';

/** The SFTP file manager: listings over a socket, file routes, transfers, and their log. */
export function createSftpModule(
  shared: SharedDeps,
  deps: { servers: ServerDirectory; sockets: SocketRegistry; hub: Hub },
): FeatureModule {
  const access = deps.servers.access;
  const logs = createSftpLogService({
    logs: createSftpLogRepository(shared.db),
    clock: shared.clock,
    reads: createShortLived(shared.db, 'sftp-read'),
  });
  const listings = createSftpSocketService({
    access,
    logs,
    sockets: deps.sockets,
    policy: shared.config.terminal,
  });
  const files = createSftpFilesService({ access, logs });
  const streams = sftpStreamPlugin({
    downloads: createSftpDownloads({ access, logs }),
    uploads: createSftpUploads({
      access,
      logs,
      locks: createClusterLocks({ db: shared.db, clock: shared.clock, scope: 'sftp-upload' }),
    }),
    transfers: createSftpTransfers({ access, logs, hub: deps.hub }),
  });
  return {
    plugin: async (app) => {
      sftpLogPlugin(logs)(app);
      sftpFilesPlugin(files)(app);
      // Its own scope: the raw upload body parser and multipart apply to its routes alone.
      await app.register(streams);
    },
    socketPlugin: sftpSocketPlugin(listings),
    api: undefined,
  };
}
