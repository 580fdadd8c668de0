import type { FastifyInstance } from 'fastify';
import type { DeployPolicy } from './config.js';
import type { Clock } from './core/clock.js';
import type { SecretBox } from './core/crypto.js';
import type { Hub } from './core/ws/hub.js';
import type { Db } from './db/database.js';
import { createDeployJobHandler } from './features/deploy/deploy-job.js';
import { createDeployQueries } from './features/deploy/deploy-queries.service.js';
import { createDeployStateStore } from './features/deploy/deploy-state.js';
import { deployPlugin } from './features/deploy/deploy.plugin.js';
import { createDeployService, DEPLOY_JOB } from './features/deploy/deploy.service.js';
import { createReleaseRepository } from './features/deploy/release.repository.js';
import { createTraceRepository } from './features/deploy/trace.repository.js';
import type { ProjectScope } from './features/project/project-scope.js';
import type { ProjectRepository } from './features/project/project.repository.js';
import type { WorkingCopies } from './features/repository/working-copies.js';
import type { ServerAccess } from './features/server/server-access.js';
import type { ServerRepository } from './features/server/server.repository.js';
import type { GitClient } from './infra/git/git-client.js';
import { createJobQueue } from './infra/jobs/job-queue.js';

/**
 * The deploy feature: its durable queue (started when the app is ready, so deploys cut off by a
 * restart are recorded before anything new runs; stopped with a grace period at close), the
 * engine and the routes.
 */
export async function registerDeploys(
  fastify: FastifyInstance,
  deps: {
    db: Db;
    box: SecretBox;
    clock: Clock;
    hub: Hub;
    dataDir: string;
    policy: DeployPolicy;
    git: GitClient;
    copies: WorkingCopies;
    access: ServerAccess;
    projects: ProjectRepository;
    scope: ProjectScope;
    servers: ServerRepository;
  },
) {
  const { db, clock } = deps;
  const traces = createTraceRepository(db);
  const releases = createReleaseRepository(db);
  const states = createDeployStateStore(db);
  const handler = createDeployJobHandler({
    ...deps,
    serverRows: async (ids) => {
      const rows = await Promise.all(ids.map((id) => deps.servers.findById(id)));
      return rows.filter((r) => r !== undefined);
    },
    traces,
    releases,
    states,
  });
  const queue = createJobQueue({
    db,
    clock,
    handlers: { [DEPLOY_JOB]: handler },
    concurrency: deps.policy.concurrency,
    log: fastify.log,
  });
  const deploys = createDeployService({ ...deps, traces, releases, states, queue });
  const queries = createDeployQueries({ ...deps, traces, states, queue });
  await fastify.register(deployPlugin({ deploys, queries }));
  fastify.addHook('onReady', () => queue.start());
  fastify.addHook('onClose', () => queue.stop(deps.policy.shutdownGraceMs));
  return { queue };
}
