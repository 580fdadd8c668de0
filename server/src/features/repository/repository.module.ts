import type { FeatureModule } from '../../core/module.js';
import type { GitClient } from '../../infra/git/git-client.js';
import type { SvnClient } from '../../infra/svn/svn-client.js';
import type { WorkingCopies } from '../../infra/git/working-copies.js';
import type { ProjectAccess } from '../project/project.api.js';
import type { ServerDirectory } from '../server/server.api.js';
import { createFileCompare } from './file-compare.service.js';
import { fileComparePlugin } from './file-compare.plugin.js';
import { createRepositoryFilesService } from './repository-files.service.js';
import { repositoryPlugin } from './repository.plugin.js';
import { createRepositoryService } from './repository.service.js';

/** A project's branches, commits and tags, the files of its working copy, and file compare. */
export function createRepositoryModule(deps: {
  projects: ProjectAccess;
  git: GitClient;
  svn: SvnClient;
  copies: WorkingCopies;
  servers: ServerDirectory;
}): FeatureModule {
  const files = createRepositoryFilesService(deps);
  const compare = createFileCompare({ ...deps, access: deps.servers.access });
  return {
    plugin: async (app) => {
      await repositoryPlugin(createRepositoryService(deps), files)(app);
      fileComparePlugin(compare)(app);
    },
    api: undefined,
  };
}
