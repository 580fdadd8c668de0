import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { GitClient } from '../../infra/git/git-client.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { DeployApi } from '../deploy/deploy.api.js';
import type { ProjectAccess } from '../project/project.api.js';
import { createStaleCheck } from './webhook-stale.js';
import { webhookPlugin } from './webhook.plugin.js';
import { createWebhookRepository } from './webhook.repository.js';
import { createWebhookService } from './webhook.service.js';

/**
 * Signed webhooks: deliveries of git hosts and svn hooks that deploy a project (each signed push
 * once, never an older commit than the servers run), and their log.
 */
export function createWebhookModule(
  shared: SharedDeps,
  deps: { projects: ProjectAccess; deploy: DeployApi; git: GitClient; copies: WorkingCopies },
): FeatureModule {
  const service = createWebhookService({
    repo: createWebhookRepository(shared.db),
    projects: deps.projects,
    publishAs: deps.deploy.publishAs,
    stale: createStaleCheck({
      git: deps.git,
      copies: deps.copies,
      projects: deps.projects,
      deployedCommits: deps.deploy.deployedCommits,
    }),
    box: shared.box,
    clock: shared.clock,
  });
  return { plugin: webhookPlugin(service), api: undefined };
}
