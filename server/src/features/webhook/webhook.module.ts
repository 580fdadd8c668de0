import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { DeployApi } from '../deploy/deploy.api.js';
import type { ProjectAccess } from '../project/project.api.js';
import { webhookPlugin } from './webhook.plugin.js';
import { createWebhookRepository } from './webhook.repository.js';
import { createWebhookService } from './webhook.service.js';

/** Signed webhooks: deliveries of git hosts and svn hooks that deploy a project, and their log. */
export function createWebhookModule(
  shared: SharedDeps,
  deps: { projects: ProjectAccess; deploy: DeployApi },
): FeatureModule {
  const service = createWebhookService({
    repo: createWebhookRepository(shared.db),
    projects: deps.projects,
    publishAs: deps.deploy.publishAs,
    box: shared.box,
    clock: shared.clock,
  });
  return { plugin: webhookPlugin(service), api: undefined };
}
