import { ALL_PERMISSION_IDS, Perm, type RouteParsed, roleRoutes } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { denied, failed, invalid, notFound } from '../../core/errors.js';
import type { AccessEvents } from '../../core/access-events.js';
import type { RequestContext } from '../../core/http/context.js';
import { assertRightsOver } from '../../core/http/rights-over.js';
import type { Db } from '../../db/database.js';
import type { RoleRepository } from './role.repository.js';

/**
 * Roles are global (goploy's model); a user holds one role per namespace. Changing a role needs
 * the permission in every namespace where it is held, and nobody but a super manager grants or
 * withdraws a permission they do not hold themselves (docs/decisions/0016).
 */
export function createRoleService(deps: {
  db: Db;
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

    async edit(ctx: RequestContext, input: RouteParsed<typeof roleRoutes.editRole>) {
      await requireRole(input.id);
      await assertRightsOver(deps.db, ctx, Perm.EditRole, { roleId: input.id });
      await assertNameFree(input.name, input.id);
      await roles.update(input.id, input.name, input.description, clock.now());
    },

    async remove(ctx: RequestContext, id: number) {
      await requireRole(id);
      await assertRightsOver(deps.db, ctx, Perm.DeleteRole, { roleId: id });
      if ((await roles.memberCount(id)) > 0) {
        throw failed('The role is still held by namespace members', 'role_in_use');
      }
      await roles.remove(id);
      await deps.events.emit({ kind: 'role', roleId: id });
    },

    async changePermission(
      ctx: RequestContext,
      input: RouteParsed<typeof roleRoutes.changePermission>,
    ) {
      await requireRole(input.roleId);
      const ids = [...new Set(input.permissionIds)];
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined)
        throw invalid('permissionIds', `holds an unknown permission id ${unknown}`);
      await assertRightsOver(deps.db, ctx, Perm.EditPermission, { roleId: input.roleId });
      if (ctx.user.superManager !== 1) {
        const before = new Set(await roles.permissionIdsOf(input.roleId));
        const after = new Set(ids);
        const changed = [...new Set([...before, ...after])].filter(
          (id) => before.has(id) !== after.has(id) && !ctx.permissions.has(id),
        );
        if (changed.length > 0) {
          throw denied(
            `You cannot grant or withdraw permissions you do not hold (${changed.join(', ')})`,
            'permission_not_held',
          );
        }
      }
      await roles.replacePermissions(input.roleId, ids, clock.now());
      await deps.events.emit({ kind: 'role', roleId: input.roleId });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
