import type { FeatureModule, SharedDeps } from '../../core/module.js';
import type { RoleCatalog } from './role.api.js';
import { rolePlugin } from './role.plugin.js';
import { createRoleRepository } from './role.repository.js';
import { createRoleService } from './role.service.js';

/** Roles and their permissions. */
export function createRoleModule(shared: SharedDeps): FeatureModule<RoleCatalog> {
  const roles = createRoleRepository(shared.db);
  const service = createRoleService({
    db: shared.db,
    roles,
    clock: shared.clock,
    events: shared.events,
  });
  return {
    plugin: rolePlugin(service),
    api: {
      exists: async (roleId) => (await roles.findById(roleId)) !== undefined,
      permissionIdsOf: (roleId) => roles.permissionIdsOf(roleId),
      idByName: async (name) => (await roles.findByName(name))?.id,
    },
  };
}
