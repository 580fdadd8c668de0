import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { ProjectAccess } from '../project/project.api.js';
import type { ProjectFileApi } from './project-file.api.js';
import { projectFilePlugin } from './project-file.plugin.js';
import { createProjectFileRepository } from './project-file.repository.js';
import { createProjectFiles } from './project-file.service.js';

/** Project files ("file sync"): sealed text files a deploy writes over the working copy. */
export function createProjectFileModule(
  shared: SharedDeps,
  deps: { projects: ProjectAccess },
): FeatureModule<ProjectFileApi> {
  const files = createProjectFiles({
    files: createProjectFileRepository(shared.db),
    projects: deps.projects,
    box: shared.box,
    clock: shared.clock,
  });
  return {
    plugin: async (app) => {
      await app.register(projectFilePlugin(files));
    },
    api: { forDeploy: (projectId) => files.forDeploy(projectId) },
  };
}
