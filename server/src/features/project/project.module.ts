import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { GitClient } from '../../infra/git/git-client.js';
import type { FtpSources } from '../../infra/source-tree/ftp-source.js';
import type { SftpSources } from '../../infra/source-tree/sftp-source.js';
import type { KeyFiles } from '../../infra/ssh/key-files.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { KnownHosts } from '../../infra/git/known-hosts.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import { createNotifyTargets } from '../../infra/notify/notify-target.js';
import type { NamespaceDirectory } from '../namespace/namespace.api.js';
import type { ServerDirectory } from '../server/server.api.js';
import type { ProjectAccess } from './project.api.js';
import {
  accessFromRow,
  ftpRemoteOf,
  gitRemoteOf,
  sftpRemoteOf,
  svnRemoteOf,
} from './project-credentials.js';
import { createRepoProbe } from './project-repo-probe.js';
import { createProjectScope } from './project-scope.js';
import { projectPlugin } from './project.plugin.js';
import { parseScript } from './project.presenter.js';
import { createProjectRepository } from './project.repository.js';
import { createProjectService } from './project.service.js';
import { createServerBindings } from './server-bindings.service.js';

/** Projects: their repositories' addresses and credentials, bindings, scripts. */
export function createProjectModule(
  shared: SharedDeps,
  deps: {
    git: GitClient;
    svn: SvnClient;
    sftpSources: SftpSources;
    ftpSources: FtpSources;
    knownHosts: KnownHosts;
    /** The key files on the console host that servers and SFTP sources may log in with. */
    keyFiles: KeyFiles;
    copies: WorkingCopies;
    servers: ServerDirectory;
    namespaces: NamespaceDirectory;
  },
): FeatureModule<ProjectAccess> {
  const { box, clock } = shared;
  const { git, knownHosts, copies } = deps;
  const dataDir = shared.config.dataDir;
  const projects = createProjectRepository(shared.db);
  const scope = createProjectScope(projects);
  const targets = createNotifyTargets(box);
  const service = createProjectService({
    projects,
    scope,
    box,
    targets,
    clock,
    copies,
    knownHosts,
    keyFiles: deps.keyFiles,
    dataDir,
    usableServerIds: (ns) => deps.servers.usableIds(ns),
    memberIds: (ns) => deps.namespaces.memberIds(ns),
  });
  return {
    plugin: projectPlugin({
      projects: service,
      probe: createRepoProbe({
        scope,
        box,
        git,
        svn: deps.svn,
        sftpSources: deps.sftpSources,
        ftpSources: deps.ftpSources,
        keyFiles: deps.keyFiles,
        knownHosts,
        dataDir,
      }),
      bindings: createServerBindings({ projects, servers: deps.servers }),
    }),
    api: {
      readable: (ctx, id) => scope.readable(ctx, id),
      editable: (ctx, id) => scope.editable(ctx, id),
      findLive: (id, namespaceId) => projects.findLive(id, namespaceId),
      deployList: async (ctx) =>
        scope.keyFilter(ctx, await projects.list(ctx.namespaceId, scope.deployFilter(ctx))),
      bindingsOf: (ids) => projects.bindingsOf(ids),
      script: (project) => parseScript(project.script),
      gitRemote(project) {
        const access = accessFromRow(project, box);
        return { remote: gitRemoteOf(access), secret: access.token };
      },
      svnRemote: (project) => svnRemoteOf(accessFromRow(project, box)),
      sftpRemote: (project) => sftpRemoteOf(accessFromRow(project, box), deps.keyFiles),
      ftpRemote: (project) => ftpRemoteOf(accessFromRow(project, box)),
      notifyChannel(project) {
        const secret = project.notify_secret ? box.open(project.notify_secret) : '';
        return { type: project.notify_type, target: targets.open(project.notify_target), secret };
      },
    },
  };
}
