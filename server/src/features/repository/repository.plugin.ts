import { repositoryRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { RepositoryService } from './repository.service.js';

export function repositoryPlugin(repository: RepositoryService) {
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
  };
}
