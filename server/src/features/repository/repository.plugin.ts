import { repositoryRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute, bindStreamRoute } from '../../core/http/bind-route.js';
import { sendPreview } from '../../core/http/file-preview.js';
import type { RepositoryFilesService } from './repository-files.service.js';
import type { RepositoryService } from './repository.service.js';

export function repositoryPlugin(repository: RepositoryService, files: RepositoryFilesService) {
  return async (app: FastifyInstance) => {
    bindRoute(app, repositoryRoutes.getBranchList, async ({ ctx, input }) => ({
      list: await repository.branches(ctx, input.id),
    }));
    bindRoute(app, repositoryRoutes.getCommitList, async ({ ctx, input }) => ({
      list: await repository.commits(ctx, input.id, input.branch),
    }));
    bindRoute(app, repositoryRoutes.getTagList, async ({ ctx, input }) => ({
      list: await repository.tags(ctx, input.id),
    }));

    bindRoute(app, repositoryRoutes.getFileList, async ({ ctx, input }) => ({
      list: await files.list(ctx, input.id, input.dir),
    }));
    bindRoute(app, repositoryRoutes.getReposFileList, ({ ctx, input }) =>
      files.list(ctx, input.id, input.path),
    );
    bindStreamRoute(app, repositoryRoutes.previewFile, async ({ ctx, input, reply }) =>
      sendPreview(reply, await files.preview(ctx, input.id, input.file)),
    );
    bindStreamRoute(app, repositoryRoutes.downloadFile, async ({ ctx, input, reply }) =>
      sendPreview(reply, await files.download(ctx, input.id, input.file)),
    );
    bindRoute(app, repositoryRoutes.deleteFile, async ({ ctx, input }) => {
      await files.remove(ctx, input.id, input.file);
      return null;
    });
  };
}
