import { Perm, type RouteParsed, type namespaceRoutes } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { denied, failed, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { assertRightsOver } from '../../core/http/rights-over.js';
import type { Db } from '../../db/database.js';
import type { AccessEvents } from '../../core/access-events.js';
import type { RoleCatalog } from '../role/role.api.js';
import type { Membership, NamespaceRepository } from './namespace.repository.js';

export function createNamespaceService(deps: {
  db: Db;
  namespaces: NamespaceRepository;
  roles: RoleCatalog;
  clock: Clock;
  /** Told after any membership change, so cached memberships and open sockets follow. */
  events: AccessEvents;
}) {
  const { roles, clock, events } = deps;
  // Every write that changes who belongs where goes through here.
  const namespaces = {
    ...deps.namespaces,
    async upsertMembers(...args: Parameters<NamespaceRepository['upsertMembers']>) {
      await deps.namespaces.upsertMembers(...args);
      await events.emit({ kind: 'membership', namespaceId: args[0] });
    },
    async removeMembership(row: { id: number; user_id: number; namespace_id: number }) {
      await deps.namespaces.removeMembership(row.id);
      await events.emit({ kind: 'membership', userId: row.user_id, namespaceId: row.namespace_id });
    },
    async removeUserEverywhere(userId: number) {
      await deps.namespaces.removeUserEverywhere(userId);
      await events.emit({ kind: 'membership', userId });
    },
  };

  async function assertNameFree(name: string, exceptId?: number) {
    const other = await namespaces.findByName(name);
    if (other && other.id !== exceptId) {
      throw failed(`Namespace ${name} already exists`, 'namespace_exists');
    }
  }

  async function requireNamespace(id: number) {
    const ns = await namespaces.findById(id);
    if (!ns) throw notFound('Namespace');
    return ns;
  }

  /** SECURITY: nobody but a super manager hands out a role holding more than they hold. */
  async function assertMayGrant(ctx: RequestContext, roleId: number) {
    if (ctx.user.superManager === 1) return;
    const beyond = (await roles.permissionIdsOf(roleId)).filter((id) => !ctx.permissions.has(id));
    if (beyond.length > 0) {
      throw denied(
        `The role holds permissions you do not hold (${beyond.join(', ')})`,
        'permission_not_held',
      );
    }
  }

  /**
   * SECURITY: a manager acts on the namespace they are working in; only super managers reach
   * into other namespaces by id.
   */
  function assertManages(ctx: RequestContext, namespaceId: number) {
    if (ctx.user.superManager !== 1 && ctx.namespaceId !== namespaceId) throw notFound('Namespace');
  }

  return {
    /** Super managers see every namespace, others the ones they belong to. */
    async list(ctx: RequestContext) {
      const all = await namespaces.list();
      if (ctx.user.superManager === 1) return all;
      const mine = new Set(
        (await namespaces.membershipsOf(ctx.user.id)).map((m) => m.namespace_id),
      );
      return all.filter((n) => mine.has(n.id));
    },
    membershipsOf: (userId: number) => namespaces.membershipsOf(userId),

    /**
     * The namespace to propose to a user opening the console without one (product.md §3): the one
     * last worked in while still a member, else the first holding projects, else 0.
     */
    async preferredOf(userId: number, memberships: readonly Membership[]): Promise<number> {
      const ids = memberships.map((m) => m.namespace_id);
      const last = await namespaces.lastNamespaceOf(userId);
      if (ids.includes(last)) return last;
      const busy = await namespaces.withProjects(ids);
      return ids.find((id) => busy.has(id)) ?? 0;
    },
    membership: (userId: number, namespaceId: number) => namespaces.membership(userId, namespaceId),

    async boundUsers(ctx: RequestContext, id: number) {
      assertManages(ctx, id);
      await requireNamespace(id);
      return namespaces.boundUsers(id);
    },

    /** Members of the caller's current namespace. */
    userOption(ctx: RequestContext) {
      return ctx.namespaceId > 0 ? namespaces.boundUsers(ctx.namespaceId) : Promise.resolve([]);
    },

    /**
     * A new namespace; every super manager joins it at once, and a creator who is not one joins
     * with the role they hold where they created it, so they can see what they made.
     */
    async add(ctx: RequestContext, input: RouteParsed<typeof namespaceRoutes.addNamespace>) {
      await assertNameFree(input.name);
      const now = clock.now();
      const id = await namespaces.insert(input.name, now);
      await namespaces.upsertMembers(id, await namespaces.superManagerIds(), 0, now);
      if (ctx.user.superManager !== 1) {
        const own = await namespaces.membership(ctx.user.id, ctx.namespaceId);
        if (own) await namespaces.upsertMembers(id, [ctx.user.id], own.role_id, now);
      }
      return id;
    },

    async edit(ctx: RequestContext, input: RouteParsed<typeof namespaceRoutes.editNamespace>) {
      assertManages(ctx, input.id);
      await requireNamespace(input.id);
      await assertNameFree(input.name, input.id);
      await namespaces.rename(input.id, input.name, clock.now());
    },

    async addUser(
      ctx: RequestContext,
      input: RouteParsed<typeof namespaceRoutes.addNamespaceUser>,
    ) {
      assertManages(ctx, input.namespaceId);
      await requireNamespace(input.namespaceId);
      if (!(await roles.exists(input.roleId))) throw notFound('Role');
      await assertMayGrant(ctx, input.roleId);
      const ids = [...new Set(input.userIds)];
      for (const id of ids) {
        const user = await namespaces.accountOf(id);
        if (!user || user.state !== 1) throw notFound(`User ${id}`);
        // A user of namespaces the caller does not manage stays out of sight (decision 0016).
        await assertRightsOver(deps.db, ctx, Perm.AddNamespaceUser, { userId: id });
        // Super managers hold every permission everywhere; a role would only mislead.
        if (user.super_manager === 1) {
          throw failed(`${user.name} is a super manager and needs no role`, 'super_manager_role');
        }
      }
      await namespaces.upsertMembers(input.namespaceId, ids, input.roleId, clock.now());
    },

    async removeUser(ctx: RequestContext, namespaceUserId: number) {
      const row = await namespaces.membershipById(namespaceUserId);
      if (!row) throw notFound('Namespace member');
      assertManages(ctx, row.namespace_id);
      const user = await namespaces.accountOf(row.user_id);
      if (user?.super_manager === 1) {
        throw failed('A super manager belongs to every namespace', 'super_manager_membership');
      }
      await namespaces.removeMembership(row);
    },

    /**
     * Brings the memberships a directory gave (`origin`) in line with `wanted` (namespace id →
     * role id): added, re-roled, removed. Memberships given by hand stay as they are, also where
     * the directory would give another role. Answers whether anything changed.
     */
    async syncFromDirectory(
      userId: number,
      origin: string,
      wanted: ReadonlyMap<number, number>,
    ): Promise<boolean> {
      const now = clock.now();
      const have = await namespaces.originsOf(userId);
      const held = new Set(have.map((m) => m.namespace_id));
      let changed = false;
      for (const m of have) {
        if (m.origin !== origin) continue;
        const roleId = wanted.get(m.namespace_id);
        if (roleId === undefined) {
          await deps.namespaces.removeMembership(m.id);
          changed = true;
        } else if (roleId !== m.role_id) {
          await namespaces.setRole(m.id, roleId, now);
          changed = true;
        }
      }
      for (const [namespaceId, roleId] of wanted) {
        if (held.has(namespaceId)) continue;
        await namespaces.insertFromDirectory(userId, namespaceId, roleId, origin, now);
        changed = true;
      }
      if (changed) await events.emit({ kind: 'membership', userId });
      return changed;
    },

    /** Super managers join every namespace with role 0; demoted ones leave all. */
    async syncSuperManager(userId: number, isSuper: boolean) {
      if (!isSuper) return namespaces.removeUserEverywhere(userId);
      const now = clock.now();
      for (const nsId of await namespaces.allIds()) {
        await namespaces.upsertMembers(nsId, [userId], 0, now);
      }
    },
  };
}

export type NamespaceService = ReturnType<typeof createNamespaceService>;
