import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Clock } from './core/clock.js';
import type { SecretBox } from './core/crypto.js';
import type { Db } from './db/database.js';
import { createRepoProbe } from './features/project/project-repo-probe.js';
import { createProjectScope } from './features/project/project-scope.js';
import { projectPlugin } from './features/project/project.plugin.js';
import { createProjectRepository } from './features/project/project.repository.js';
import { createProjectService } from './features/project/project.service.js';
import { createServerBindings } from './features/project/server-bindings.service.js';
import type { NamespaceRepository } from './features/namespace/namespace.repository.js';
import { repositoryPlugin } from './features/repository/repository.plugin.js';
import { createRepositoryService } from './features/repository/repository.service.js';
import { createWorkingCopies } from './features/repository/working-copies.js';
import type { ServerScope } from './features/server/server-scope.js';
import type { ServerRepository } from './features/server/server.repository.js';
import { createGitClient } from './infra/git/git-client.js';
import { createKnownHosts } from './infra/git/known-hosts.js';

/** The project and repository features: projects, their working copies and git. */
export async function registerProjects(
  fastify: FastifyInstance,
  deps: {
    db: Db;
    box: SecretBox;
    clock: Clock;
    dataDir: string;
    consoleKeyFile: () => string;
    servers: ServerRepository;
    serverScope: ServerScope;
    namespaces: NamespaceRepository;
  },
) {
  const { box, clock, dataDir } = deps;
  const projects = createProjectRepository(deps.db);
  const scope = createProjectScope(projects);
  const knownHosts = createKnownHosts({ file: path.join(dataDir, 'ssh', 'known_hosts') });
  const git = createGitClient({ dataDir, knownHosts, consoleKeyFile: deps.consoleKeyFile });
  const copies = createWorkingCopies({ dataDir });
  const service = createProjectService({
    projects,
    scope,
    box,
    clock,
    copies,
    knownHosts,
    dataDir,
    usableServerIds: async (ns) =>
      new Set((await deps.servers.list(ns, { name: '', host: '' })).map((s) => s.id)),
    memberIds: async (ns) => new Set((await deps.namespaces.boundUsers(ns)).map((m) => m.user_id)),
  });
  await fastify.register(
    projectPlugin({
      projects: service,
      probe: createRepoProbe({ scope, box, git, knownHosts, dataDir }),
      bindings: createServerBindings({ projects, servers: deps.serverScope }),
    }),
  );
  await fastify.register(repositoryPlugin(createRepositoryService({ scope, box, git, copies })));
  return { projects, scope, git, copies };
}
