import type { FeatureModule, SharedDeps } from '../../core/module.js';
import { createClusterLocks } from '../../infra/cluster/cluster-locks.js';
import type { RemoteRunApi } from '../remote-run/remote-run.api.js';
import type { ServerDirectory } from '../server/server.api.js';
import { createNginxChanges } from './nginx-changes.service.js';
import { createNginxFiles } from './nginx-files.service.js';
import { createNginxLocator } from './nginx-locator.js';
import { createNginxManage } from './nginx-manage.service.js';
import { createNginxRemote } from './nginx-remote.js';
import { createNginxRepository } from './nginx.repository.js';
import { nginxPlugin } from './nginx.plugin.js';

/**
 * Nginx management (`/server/nginx`): detection of the running masters, the configuration files
 * of their includes, saves kept only when `nginx -t` passes, their history, and check, reload,
 * start and stop. Every command runs through the remote-run engine.
 */
export function createNginxModule(
  shared: SharedDeps,
  deps: {
    servers: Pick<ServerDirectory, 'access'>;
    remoteRuns: Pick<RemoteRunApi, 'execOnServer'>;
  },
): FeatureModule {
  const repo = createNginxRepository(shared.db);
  const remote = createNginxRemote({
    servers: deps.servers,
    execOnServer: deps.remoteRuns.execOnServer,
  });
  const locator = createNginxLocator({ remote, repo });
  const files = createNginxFiles({ remote, locator, repo });
  const locks = createClusterLocks({ db: shared.db, clock: shared.clock, scope: 'nginx-server' });
  const changes = createNginxChanges({ remote, files, repo, clock: shared.clock, locks });
  const manage = createNginxManage({ remote, locator, repo, clock: shared.clock });
  return { plugin: nginxPlugin({ files, changes, manage }), api: undefined };
}
