import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import type { DeployApi } from '../deploy/deploy.api.js';
import type { ProjectAccess } from '../project/project.api.js';
import type { RunDefinitionApi } from '../run-definition/run-definition.api.js';
import type { ServerDirectory } from '../server/server.api.js';
import { processPlugin } from './process.plugin.js';
import type { RemoteRunApi } from './remote-run.api.js';
import { createRemoteRunRepository } from './remote-run.repository.js';
import { createRemoteRuns } from './remote-run.service.js';
import { createRunHistory } from './run-history.service.js';
import { scriptPlugin } from './script.plugin.js';

/** The one remote-run engine, and the batch scripts and process commands built on it. */
export function createRemoteRunModule(
  shared: SharedDeps,
  deps: {
    servers: ServerDirectory;
    hub: Hub;
    definitions: RunDefinitionApi;
    projects: ProjectAccess;
    deploy: Pick<DeployApi, 'processVariables'>;
  },
): FeatureModule<RemoteRunApi> {
  const runs = createRemoteRunRepository(shared.db);
  const engine = createRemoteRuns({
    runs,
    servers: deps.servers,
    hub: deps.hub,
    clock: shared.clock,
    log: shared.log,
  });
  const history = createRunHistory({ runs, clock: shared.clock });
  return {
    plugin: (app) => {
      app.addHook('onClose', () => engine.close());
      scriptPlugin(engine, history)(app);
      processPlugin({ engine, history, ...deps, clock: shared.clock })(app);
    },
    api: engine,
  };
}
