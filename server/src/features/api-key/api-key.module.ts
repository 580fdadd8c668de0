import { apiKeyRoutes } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../core/http/bind-route.js';
import type { IdentityResolver } from '../../core/http/identity.js';
import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { ApiKeyRepository } from '../auth/auth.api.js';
import type { ProjectAccess } from '../project/project.api.js';
import type { RoleCatalog } from '../role/role.api.js';
import { createApiKeyService } from './api-key.service.js';

/** The routes of members' scoped API keys: list, make, revoke. */
export function createApiKeyModule(
  shared: SharedDeps,
  deps: {
    keys: ApiKeyRepository;
    identity: IdentityResolver;
    roles: RoleCatalog;
    projects: ProjectAccess;
  },
): FeatureModule {
  const keys = createApiKeyService({ ...deps, events: shared.events, clock: shared.clock });
  return {
    api: undefined,
    plugin: (app: FastifyInstance) => {
      bindRoute(app, apiKeyRoutes.getApiKeyList, async ({ ctx }) => ({
        list: await keys.list(ctx),
      }));
      bindRoute(app, apiKeyRoutes.addApiKey, ({ ctx, input }) => keys.add(ctx, input));
      bindRoute(app, apiKeyRoutes.revokeApiKey, async ({ ctx, input }) => {
        await keys.revoke(ctx, input.id);
        return null;
      });
    },
  };
}
