import type { DeployPolicy } from '../../config.js';
import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { Hub } from '../../core/ws/hub.js';
import type { GitClient } from '../../infra/git/git-client.js';
import type { FtpSources } from '../../infra/source-tree/ftp-source.js';
import type { SftpSources } from '../../infra/source-tree/sftp-source.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import { createJobQueue } from '../../infra/jobs/job-queue.js';
import { pruneOnce, scheduleSharedPruning } from '../../infra/retention/retention.js';
import type { NotificationApi } from '../notification/notification.api.js';
import type { ProjectAccess } from '../project/project.api.js';
import type { ProjectFileApi } from '../project-file/project-file.api.js';
import type { ServerDirectory } from '../server/server.api.js';
import type { DeployApi } from './deploy.api.js';
import { createDeployJobHandler } from './deploy-job.js';
import { createLiveStages } from './deploy-live.js';
import { deployLogsRetained } from './deploy-log-retention.js';
import { createDeployedCommits } from './deployed-commits.js';
import { createDeployQueries } from './deploy-queries.service.js';
import { createDeployStateStore } from './deploy-state.js';
import { customVariables, projectVariables } from './deploy-variables.js';
import { deployPlugin } from './deploy.plugin.js';
import { createDeployService, DEPLOY_JOB } from './deploy.service.js';
import { createReleaseRepository } from './release.repository.js';
import { createReviewCommits } from './review-commits.js';
import { createReviewRepository } from './review.repository.js';
import { createReviewService } from './review.service.js';
import { createTraceRepository } from './trace.repository.js';
import { createTransferManifestRepository } from './transfer-manifest.repository.js';

/**
 * Deploys: the durable queue (started when the app is ready, so deploys cut off by a restart are
 * recorded before anything new runs; stopped with a grace period at close), the engine and the
 * routes.
 */
export function createDeployModule(
  shared: SharedDeps,
  deps: {
    hub: Hub;
    git: GitClient;
    svn: SvnClient;
    sftpSources: SftpSources;
    ftpSources: FtpSources;
    copies: WorkingCopies;
    projects: ProjectAccess;
    servers: ServerDirectory;
    notifications: NotificationApi;
    projectFiles: ProjectFileApi;
    /** The queue's lease and renewal pace (default 15 s and 2.5 s). */
    leases?: { leaseMs: number; tickMs: number } | undefined;
  },
): FeatureModule<DeployApi> {
  const { db, clock } = shared;
  const policy: DeployPolicy = shared.config.deploy;
  const sharedDir = shared.config.sharedDir;
  const traces = createTraceRepository(db);
  const releases = createReleaseRepository(db);
  const states = createDeployStateStore(db);
  const live = createLiveStages(db, shared.log);
  const common = { ...deps, clock, sharedDir, traces, states, live, releases };
  const handler = createDeployJobHandler({
    ...common,
    access: deps.servers.access,
    manifests: createTransferManifestRepository(db),
  });
  const queue = createJobQueue({
    db,
    clock,
    handlers: { [DEPLOY_JOB]: handler },
    concurrency: policy.concurrency,
    owner: shared.consoleId,
    ...deps.leases,
    log: shared.log,
  });
  // The review service starts an approved deploy through the deploy service, made just below.
  const reviews = createReviewService({
    ...common,
    reviews: createReviewRepository(db),
    commits: createReviewCommits(common),
    box: shared.box,
    start: async (row, publisher, request) =>
      (await deploys.publishAs(row, publisher, request, 'review')).token,
  });
  const deploys = createDeployService({ ...common, queue, reviews });
  const queries = createDeployQueries({ ...common, queue, reviews });
  const logs = deployLogsRetained(db, sharedDir);
  const prune = () => pruneOnce(logs, shared.config.retention.deployLogs, clock.now());
  let pruning: ReturnType<typeof scheduleSharedPruning> | undefined;
  return {
    plugin: async (app) => {
      app.addHook('onReady', async () => {
        await queue.start();
        // Logs of finished deploys past their age or beyond the size limit: at start, then
        // hourly, by one console of those sharing the database (and the shared dir).
        pruning = scheduleSharedPruning(shared, 'prune-deploy-logs', prune, 'pruning deploy logs');
      });
      app.addHook('onClose', async () => {
        await pruning?.stop();
        await queue.stop(policy.shutdownGraceMs);
      });
      await deployPlugin({ deploys, queries, reviews })(app);
    },
    api: {
      queue,
      publishAs: deploys.publishAs,
      deployedCommits: createDeployedCommits({ ...common, projects: deps.projects }),
      exists: async (token) => (await states.job(token)) !== undefined,
      processVariables: (row) => ({
        ...projectVariables({
          id: row.id,
          name: row.name,
          path: row.path,
          symlinkPath: row.symlink_path,
          branch: row.branch,
          environment: row.environment,
          label: row.label,
          repoType: row.repo_type,
          url: row.url,
          repositoryPath: deps.copies.dirOf(row.id),
          token: '',
        }),
        ...customVariables(deps.projects.script(row).customVariables, []),
      }),
    },
  };
}
