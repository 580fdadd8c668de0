import { ALL_PERMISSION_IDS, type RouteParsed, roleRoutes } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { failed, invalid, notFound } from '../../core/errors.js';
import type { AccessEvents } from '../../core/access-events.js';
import type { RoleRepository } from './role.repository.js';

/** Roles are global; a user holds one role per namespace. */
export function createRoleService(deps: {
  roles: RoleRepository;
  clock: Clock;
  /** Told whenever a role's permissions change, so caches and sockets follow. */
  events: AccessEvents;
}) {
  const { roles, clock } = deps;
  const known = new Set(ALL_PERMISSION_IDS);

  async function requireRole(id: number) {
    const role = await roles.findById(id);
    if (!role) throw notFound('Role');
    return role;
  }

  async function assertNameFree(name: string, exceptId?: number) {
    const other = await roles.findByName(name);
    if (other && other.id !== exceptId) throw failed(`Role ${name} already exists`, 'role_exists');
  }

  return {
    list: () => roles.list(),
    permissionIdsOf: (roleId: number) => roles.permissionIdsOf(roleId),
    permissions: () => roles.permissions(),

    async bindings(roleId: number) {
      await requireRole(roleId);
      return roles.bindings(roleId);
    },

    async add(input: RouteParsed<typeof roleRoutes.addRole>) {
      await assertNameFree(input.name);
      return roles.insert(input.name, input.description, clock.now());
    },

    async edit(input: RouteParsed<typeof roleRoutes.editRole>) {
      await requireRole(input.id);
      await assertNameFree(input.name, input.id);
      await roles.update(input.id, input.name, input.description, clock.now());
    },

    async remove(id: number) {
      await requireRole(id);
      if ((await roles.memberCount(id)) > 0) {
        throw failed('The role is still held by namespace members', 'role_in_use');
      }
      await roles.remove(id);
      await deps.events.emit({ kind: 'role', roleId: id });
    },

    async changePermission(input: RouteParsed<typeof roleRoutes.changePermission>) {
      await requireRole(input.roleId);
      const ids = [...new Set(input.permissionIds)];
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined)
        throw invalid('permissionIds', `holds an unknown permission id ${unknown}`);
      await roles.replacePermissions(input.roleId, ids, clock.now());
      await deps.events.emit({ kind: 'role', roleId: input.roleId });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
