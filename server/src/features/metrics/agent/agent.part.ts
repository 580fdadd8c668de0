import type { SharedDeps, FeaturePlugin } from '../../../core/module.js';
import type { RemoteRunApi } from '../../remote-run/remote-run.api.js';
import type { ServerDirectory } from '../../server/server.api.js';
import type { MetricIngest } from '../metrics-deps.js';
import { createAgentInstaller } from './agent-install.service.js';
import { createAgentKeys } from './agent-keys.js';
import { createAgentReports } from './agent-report.service.js';
import { agentPlugin } from './agent.plugin.js';
import { createAgentRepository } from './agent.repository.js';

/**
 * The push agent of server metrics: its signed reports (into the one write path), and "Install
 * agent" and its removal through the remote-run engine. Returns the routes to register.
 */
export function createAgentPart(
  shared: SharedDeps,
  deps: {
    ingest: Pick<MetricIngest, 'record'>;
    remoteRuns: Pick<RemoteRunApi, 'start'>;
    servers: Pick<ServerDirectory, 'access'>;
    /** The collector the agent runs (`collect.sh`). */
    collector: () => string;
  },
): FeaturePlugin {
  const { db, box, clock, log } = shared;
  const repo = createAgentRepository(db);
  const keys = createAgentKeys({ sealedKey: (id) => repo.sealedKey(id), box, clock });
  const reports = createAgentReports({ repo, keys, ingest: deps.ingest, clock });
  const installer = createAgentInstaller({
    repo,
    keys,
    box,
    clock,
    log,
    runs: deps.remoteRuns,
    servers: deps.servers,
    collector: deps.collector,
  });
  return agentPlugin({ reports, installer, publicUrl: shared.config.publicUrl });
}
