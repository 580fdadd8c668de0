import type { FeatureModule } from '../../core/module.js';
import type { GitClient } from '../../infra/git/git-client.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { ProjectAccess } from '../project/project.api.js';
import { createRepositoryFilesService } from './repository-files.service.js';
import { repositoryPlugin } from './repository.plugin.js';
import { createRepositoryService } from './repository.service.js';

/** A project's branches, commits and tags, and the files of its working copy. */
export function createRepositoryModule(deps: {
  projects: ProjectAccess;
  git: GitClient;
  copies: WorkingCopies;
}): FeatureModule {
  const files = createRepositoryFilesService(deps);
  return { plugin: repositoryPlugin(createRepositoryService(deps), files), api: undefined };
}
