import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { ProjectAccess } from '../project/project.api.js';
import { createProjectProcessService } from './project-process.service.js';
import type { RunDefinitionApi } from './run-definition.api.js';
import { runDefinitionPlugin } from './run-definition.plugin.js';
import { createRunDefinitionRepository } from './run-definition.repository.js';
import { createScriptTemplateService } from './script-template.service.js';
import { createServerProcessService } from './server-process.service.js';

/**
 * What the Script and process pages run, saved: script templates, server process groups and
 * project processes. Running them belongs to the features that reach servers; they read the
 * definitions through the published interface.
 */
export function createRunDefinitionModule(
  shared: SharedDeps,
  deps: { projects: ProjectAccess },
): FeatureModule<RunDefinitionApi> {
  const repo = createRunDefinitionRepository(shared.db);
  const { clock } = shared;
  const templates = createScriptTemplateService({ repo, clock });
  const serverProcesses = createServerProcessService({ repo, clock });
  const projectProcesses = createProjectProcessService({ repo, projects: deps.projects, clock });
  return {
    plugin: runDefinitionPlugin({ templates, serverProcesses, projectProcesses }),
    api: {
      serverProcess: (ctx, id) => serverProcesses.get(ctx, id),
      projectProcess: (ctx, id) => projectProcesses.get(ctx, id),
    },
  };
}
