import { Perm, type RouteParsed, userRoutes } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { randomAlphanumeric, sha256Hex, type SecretBox } from '../../core/crypto.js';
import { denied, failed, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { assertRightsOver } from '../../core/http/rights-over.js';
import { hashPassword, verifyPassword } from '../../core/password.js';
import type { AccessEvents } from '../../core/access-events.js';
import type { Db } from '../../db/database.js';
import type { NamespaceDirectory } from '../namespace/namespace.api.js';
import type { UserRepository } from './user.repository.js';

type ListState = RouteParsed<typeof userRoutes.getUserList>['state'];
const LIST_STATE = { enabled: 1, disabled: 0, all: 'all' } as const;

/** The first user, made at install: never removed or demoted, so the console keeps an owner. */
const OWNER_ID = 1;

export function createUserService(deps: {
  db: Db;
  users: UserRepository;
  namespaces: NamespaceDirectory;
  box: SecretBox;
  clock: Clock;
  /**
   * Told after a user's row changes, so cached identities follow; a revoked user (disabled,
   * password reset by an admin) loses every session and socket.
   */
  events: AccessEvents;
}) {
  const { users, namespaces, box, clock } = deps;

  async function requireUser(id: number) {
    const user = await users.findById(id);
    if (!user || user.state !== 1) throw notFound('User');
    return user;
  }

  /** SECURITY: only a super manager may make, change or remove a super manager. */
  function assertMayTouchSuper(ctx: RequestContext, targetIsSuper: boolean, makesSuper: boolean) {
    if ((targetIsSuper || makesSuper) && ctx.user.superManager !== 1) {
      throw denied('Only a super manager may manage super managers', 'super_manager_only');
    }
  }

  return {
    info(ctx: RequestContext) {
      return {
        userInfo: { ...ctx.user },
        namespace: {
          id: ctx.namespaceId,
          permissionIds: sortedIds(ctx.permissions),
        },
      };
    },

    /**
     * SECURITY: a super manager sees every account; anyone else the members of the current
     * namespace and the accounts in no namespace yet (made to be added to one).
     */
    list: (ctx: RequestContext, state: ListState = 'enabled') =>
      users.listByState(
        LIST_STATE[state],
        ctx.user.superManager === 1 ? undefined : ctx.namespaceId,
      ),

    /** An admin-made user changes the password at first login (10004). */
    async add(ctx: RequestContext, input: RouteParsed<typeof userRoutes.addUser>) {
      assertMayTouchSuper(ctx, false, input.superManager === 1);
      if (await users.findByAccount(input.account)) {
        throw failed(`Account ${input.account} already exists`, 'account_exists');
      }
      const id = await users.insert({
        account: input.account,
        password: await hashPassword(input.password),
        name: input.name,
        contact: input.contact,
        superManager: input.superManager,
        passwordUpdateTime: null,
        now: clock.now(),
      });
      if (input.superManager === 1) await namespaces.syncSuperManager(id, true);
      return id;
    },

    async edit(ctx: RequestContext, input: RouteParsed<typeof userRoutes.editUser>) {
      const user = await requireUser(input.id);
      assertMayTouchSuper(ctx, user.super_manager === 1, input.superManager === 1);
      await assertRightsOver(deps.db, ctx, Perm.EditMember, { userId: user.id });
      if (user.id === OWNER_ID && input.superManager !== 1) {
        throw failed('The first super manager cannot be demoted', 'owner_protected');
      }
      const patch: Parameters<UserRepository['update']>[1] = {
        name: input.name,
        contact: input.contact,
        super_manager: input.superManager,
        update_time: clock.now(),
      };
      if (input.password) {
        patch.password = await hashPassword(input.password);
        patch.password_update_time = null;
      }
      await users.update(user.id, patch);
      await deps.events.emit({ kind: 'user', userId: user.id, revoked: false });
      if (user.super_manager !== input.superManager) {
        await namespaces.syncSuperManager(user.id, input.superManager === 1);
      }
      if (input.password) await deps.events.emit({ kind: 'user', userId: user.id, revoked: true });
    },

    /** Disables the account; its history stays attributable. */
    async remove(ctx: RequestContext, id: number) {
      if (id === OWNER_ID) throw failed('Can not delete the super manager', 'owner_protected');
      if (id === ctx.user.id) throw failed('You cannot remove yourself', 'remove_self');
      const user = await requireUser(id);
      assertMayTouchSuper(ctx, user.super_manager === 1, false);
      await assertRightsOver(deps.db, ctx, Perm.DeleteMember, { userId: id });
      await users.update(id, { state: 0, api_key: '', api_key_hash: '', update_time: clock.now() });
      await deps.events.emit({ kind: 'user', userId: id, revoked: true });
    },

    /**
     * Enables a disabled account again under the rules that guard changing it; it comes back with
     * the namespace memberships it had and logs in with its old password.
     */
    async enable(ctx: RequestContext, id: number) {
      const user = await users.findById(id);
      if (!user) throw notFound('User');
      assertMayTouchSuper(ctx, user.super_manager === 1, false);
      await assertRightsOver(deps.db, ctx, Perm.EditMember, { userId: id });
      if (user.state === 1) throw failed('The member is already enabled', 'already_enabled');
      await users.update(id, { state: 1, update_time: clock.now() });
      await deps.events.emit({ kind: 'user', userId: id, revoked: false });
    },

    /** Ends every session of the member, under the rules that guard editing them. */
    async endSessions(ctx: RequestContext, id: number) {
      const user = await requireUser(id);
      assertMayTouchSuper(ctx, user.super_manager === 1, false);
      await assertRightsOver(deps.db, ctx, Perm.EditMember, { userId: id });
      await deps.events.emit({ kind: 'user', userId: id, revoked: true });
    },

    async changePassword(
      ctx: RequestContext,
      input: RouteParsed<typeof userRoutes.changePassword>,
    ) {
      const user = await requireUser(ctx.user.id);
      const check = await verifyPassword(user.password, input.oldPwd);
      if (!check.ok) throw failed('The old password is not correct', 'wrong_password');
      if (input.oldPwd === input.newPwd) {
        throw failed('The password cannot be the same as the previous one', 'password_reused');
      }
      const now = clock.now();
      await users.update(user.id, {
        password: await hashPassword(input.newPwd),
        password_update_time: now,
        update_time: now,
      });
    },

    async getApiKey(ctx: RequestContext) {
      const user = await requireUser(ctx.user.id);
      return user.api_key ? box.open(user.api_key) : '';
    },

    /** A new key replaces the old one at once; the old one stops working immediately. */
    async generateApiKey(ctx: RequestContext) {
      const key = randomAlphanumeric(32);
      await users.update(ctx.user.id, {
        api_key: box.seal(key),
        api_key_hash: sha256Hex(key),
        update_time: clock.now(),
      });
      return key;
    },
  };
}

/** Permission sets are shared per role, so their sorted form is computed once per set. */
const sorted = new WeakMap<ReadonlySet<number>, number[]>();
function sortedIds(set: ReadonlySet<number>): number[] {
  let ids = sorted.get(set);
  if (!ids) {
    ids = [...set].sort((a, b) => a - b);
    sorted.set(set, ids);
  }
  return ids;
}

export type UserService = ReturnType<typeof createUserService>;
