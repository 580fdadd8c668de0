import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { RoleCatalog } from '../role/role.api.js';
import type { NamespaceDirectory } from './namespace.api.js';
import { namespacePlugin } from './namespace.plugin.js';
import { createNamespaceRepository } from './namespace.repository.js';
import { createNamespaceService } from './namespace.service.js';

/** Namespaces and their members. */
export function createNamespaceModule(
  shared: SharedDeps,
  deps: { roles: RoleCatalog },
): FeatureModule<NamespaceDirectory> {
  const repo = createNamespaceRepository(shared.db);
  const service = createNamespaceService({
    db: shared.db,
    namespaces: repo,
    roles: deps.roles,
    clock: shared.clock,
    events: shared.events,
  });
  return {
    plugin: namespacePlugin(service),
    api: {
      membershipsOf: (userId) => repo.membershipsOf(userId),
      preferredOf: (userId, memberships) => service.preferredOf(userId, memberships),
      roleIn: async (userId, namespaceId) => (await repo.membership(userId, namespaceId))?.role_id,
      memberIds: async (namespaceId) =>
        new Set((await repo.boundUsers(namespaceId)).map((m) => m.user_id)),
      syncSuperManager: (userId, isSuper) => service.syncSuperManager(userId, isSuper),
      idByName: async (name) => (await repo.findByName(name))?.id,
      exists: async (id) => (await repo.findById(id)) !== undefined,
      syncFromDirectory: (userId, origin, wanted) =>
        service.syncFromDirectory(userId, origin, wanted),
    },
  };
}
