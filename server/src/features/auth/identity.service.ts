import { ALL_PERMISSION_IDS, Code } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { sha256Hex } from '../../core/crypto.js';
import { AppError } from '../../core/errors.js';
import type { AuthUser } from '../../core/http/context.js';
import type { IdentityResolver } from '../../core/http/identity.js';
import type { NamespaceService } from '../namespace/namespace.service.js';
import type { RoleService } from '../role/role.service.js';
import type { UserRecord, UserRepository } from '../user/user.repository.js';
import type { SessionRepository } from './session.repository.js';

/** A session is slid forward at most once a minute, not on every request. */
const SLIDE_EVERY_MS = 60_000;
const ROLE_CACHE_MS = 5_000;

/**
 * Resolves credentials and permissions for the auth hook. Role permission sets are cached
 * briefly and dropped at once when a role changes in this process.
 */
export function createIdentityService(deps: {
  users: UserRepository;
  sessions: SessionRepository;
  namespaces: NamespaceService;
  roles: RoleService;
  sessionIdleMs: number;
  clock: Clock;
}): IdentityResolver & { forgetRole(roleId: number): void } {
  const { users, sessions, clock } = deps;
  const roleCache = new Map<number, { ids: ReadonlySet<number>; at: number }>();
  const everything: ReadonlySet<number> = new Set(ALL_PERMISSION_IDS);

  const toAuthUser = (u: UserRecord): AuthUser => ({
    id: u.id,
    account: u.account,
    name: u.name,
    superManager: u.super_manager,
  });

  function enabled(u: UserRecord | undefined): UserRecord {
    if (!u) throw new AppError(Code.illegalRequest, 'Illegal request', 'not_logged_in');
    if (u.state !== 1)
      throw new AppError(Code.accountDisabled, 'Account is disabled', 'account_disabled');
    return u;
  }

  async function rolePermissions(roleId: number): Promise<ReadonlySet<number>> {
    const hit = roleCache.get(roleId);
    if (hit && clock.now() - hit.at < ROLE_CACHE_MS) return hit.ids;
    const ids = new Set(await deps.roles.permissionIdsOf(roleId));
    roleCache.set(roleId, { ids, at: clock.now() });
    return ids;
  }

  return {
    async authenticate(creds) {
      if (creds.kind === 'apiKey') {
        const user = enabled(await users.findByApiKeyHash(sha256Hex(creds.key)));
        return { user: toAuthUser(user), refreshCookie: false };
      }
      const tokenHash = sha256Hex(creds.token);
      const session = await sessions.findByHash(tokenHash);
      const now = clock.now();
      if (!session || session.expire_time <= now) {
        throw new AppError(Code.loginExpired, 'Login expired', 'session_expired');
      }
      const user = enabled(await users.findById(session.user_id));
      const slide = now - session.last_seen_time >= SLIDE_EVERY_MS;
      if (slide) await sessions.slide(session.id, now, now + deps.sessionIdleMs);
      return { user: toAuthUser(user), tokenHash, refreshCookie: slide };
    },

    async permissionsIn(user, namespaceId) {
      const member = await deps.namespaces.membership(user.id, namespaceId);
      if (!member) return null;
      return user.superManager === 1 ? everything : rolePermissions(member.role_id);
    },

    forgetRole: (roleId) => roleCache.delete(roleId),
  };
}
