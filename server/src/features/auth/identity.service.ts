import { ALL_PERMISSION_IDS, Code } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { sha256Hex } from '../../core/crypto.js';
import { AppError } from '../../core/errors.js';
import type { AuthUser } from '../../core/http/context.js';
import type { ApiKeyUse, IdentityResolver } from '../../core/http/identity.js';
import { createTtlCache } from '../../core/ttl-cache.js';
import type { NamespaceDirectory } from '../namespace/namespace.api.js';
import type { RoleCatalog } from '../role/role.api.js';
import type { UserAccounts, UserRecord } from '../user/user.api.js';
import { storedIds, type ApiKeyRecord, type ApiKeyRepository } from './api-key.repository.js';
import type { DirectoryRecheck } from './directory-recheck.js';
import type { SessionRepository, SessionRow } from './session.repository.js';

/** A session is slid forward at most once a minute, not on every request. */
const SLIDE_EVERY_MS = 60_000;
/** How long another process may take to see a change (this process sees it at once). */
const CACHE_MS = 2_000;
/** A scoped key's last use is written at most once a minute per key, or when its address changes. */
const NOTE_USE_EVERY_MS = 60_000;

export interface IdentityService extends IdentityResolver {
  /** Drop what is cached about a user: edited, disabled, password reset. */
  forgetUser(userId: number): void;
  forgetSession(tokenHash: string): void;
  forgetRole(roleId: number): void;
  /** Drop what is cached about scoped keys (one was made or revoked). */
  forgetApiKeys(): void;
  /** Drop every cached membership (a member added, removed or re-roled). */
  forgetMemberships(): void;
  /**
   * Whether the user is enabled and holds `permission` in the namespace now: for work done later
   * in a member's name (a scheduled deploy), which stops when they lose the right.
   */
  holds(userId: number, namespaceId: number, permission: number): Promise<boolean>;
}

/**
 * Resolves credentials and permissions for the auth hook, through short-lived caches so the
 * common request costs no query. Every change made through this process's services drops the
 * affected entries at once.
 */
export function createIdentityService(deps: {
  users: UserAccounts;
  sessions: SessionRepository;
  namespaces: NamespaceDirectory;
  roles: RoleCatalog;
  apiKeys: ApiKeyRepository;
  sessionIdleMs: number;
  clock: Clock;
  /** With LDAP on: a session opened through the directory asks it again every so often. */
  recheck?: DirectoryRecheck | undefined;
}): IdentityService {
  const { users, sessions, clock } = deps;
  const opts = { ttlMs: CACHE_MS, now: () => clock.now() };
  const sessionCache = createTtlCache<string, SessionRow | null>(opts);
  const userCache = createTtlCache<number, AuthUser | null>(opts);
  const memberCache = createTtlCache<string, number | null>(opts);
  const roleCache = createTtlCache<number, ReadonlySet<number>>(opts);
  const keyCache = createTtlCache<string, ApiKeyRecord | null>(opts);
  // Hashing the token is a measurable share of a request; remember the hash of recent tokens.
  const hashCache = createTtlCache<string, string>({ ...opts, ttlMs: 60_000 });
  const everything: ReadonlySet<number> = new Set(ALL_PERMISSION_IDS);
  // The namespace last written per user: a request costs a write only when it changes.
  const lastNamespace = new Map<number, number>();

  async function loadUser(id: number, found?: UserRecord): Promise<AuthUser | null> {
    const cached = found ? undefined : userCache.get(id);
    if (cached !== undefined) return cached;
    const u = found ?? (await users.findById(id));
    if (!u) return null;
    if (u.state !== 1)
      throw new AppError(Code.accountDisabled, 'Account is disabled', 'account_disabled');
    const user = { id: u.id, account: u.account, name: u.name, superManager: u.super_manager };
    userCache.set(id, user);
    return user;
  }

  // One check at a time per session, however many requests arrive while it runs.
  const checking = new Map<number, Promise<number | false>>();

  /**
   * When the directory last let an LDAP session's member stay (asked again once the interval
   * has passed), or false once it said no.
   */
  async function directoryCheck(session: SessionRow, user: AuthUser, now: number) {
    const recheck = deps.recheck;
    if (!recheck || session.provider !== 'ldap') return session.checked_time;
    if (now - session.checked_time < recheck.everyMs) return session.checked_time;
    let running = checking.get(session.id);
    if (!running) {
      running = (async () => {
        if (!(await recheck.stays(user.id, user.account))) return false as const;
        await sessions.markChecked(session.id, now);
        return now;
      })().finally(() => checking.delete(session.id));
      checking.set(session.id, running);
    }
    return running;
  }

  async function loadSession(tokenHash: string): Promise<SessionRow | null> {
    const cached = sessionCache.get(tokenHash);
    if (cached !== undefined) return cached;
    const row = (await sessions.findByHash(tokenHash)) ?? null;
    sessionCache.set(tokenHash, row);
    return row;
  }

  async function rolePermissions(roleId: number): Promise<ReadonlySet<number>> {
    const hit = roleCache.get(roleId);
    if (hit) return hit;
    const ids = new Set(await deps.roles.permissionIdsOf(roleId));
    roleCache.set(roleId, ids);
    return ids;
  }

  /**
   * SECURITY: a scoped key: known, not revoked, not expired, its owner enabled. Its last use
   * (time and address) is kept for its owner's list.
   */
  async function scopedKey(hash: string, ip: string): Promise<{ user: AuthUser; key: ApiKeyUse }> {
    let row = keyCache.get(hash);
    if (row === undefined) {
      row = (await deps.apiKeys.findByHash(hash)) ?? null;
      keyCache.set(hash, row);
    }
    const now = clock.now();
    if (!row || row.revoke_time !== 0) {
      throw new AppError(Code.illegalRequest, 'Illegal request', 'not_logged_in');
    }
    if (row.expire_time <= now) {
      throw new AppError(Code.illegalRequest, 'This API key has expired', 'api_key_expired');
    }
    const user = await loadUser(row.user_id);
    if (!user) throw new AppError(Code.illegalRequest, 'Illegal request', 'not_logged_in');
    if (now - row.last_use_time >= NOTE_USE_EVERY_MS || row.last_use_ip !== ip) {
      await deps.apiKeys.noteUse(row.id, now, ip);
      keyCache.set(hash, { ...row, last_use_time: now, last_use_ip: ip });
    }
    const projectIds = storedIds(row.project_ids);
    return {
      user,
      key: {
        id: row.id,
        name: row.name,
        scope: {
          namespaceIds: new Set(storedIds(row.namespace_ids)),
          projectIds: projectIds.length > 0 ? new Set(projectIds) : null,
          roleId: row.role_id,
        },
      },
    };
  }

  return {
    async authenticate(creds, meta) {
      if (creds.kind === 'apiKey') {
        const hash = sha256Hex(creds.key);
        const u = await users.findByApiKeyHash(hash);
        const user = u ? await loadUser(u.id, u) : null;
        if (user) return { user, refreshCookie: false, key: { id: 0, name: '', scope: null } };
        return { ...(await scopedKey(hash, meta.ip)), refreshCookie: false };
      }
      let tokenHash = hashCache.get(creds.token);
      if (tokenHash === undefined) {
        tokenHash = sha256Hex(creds.token);
        hashCache.set(creds.token, tokenHash);
      }
      const session = await loadSession(tokenHash);
      const now = clock.now();
      if (!session || session.expire_time <= now) {
        throw new AppError(Code.loginExpired, 'Login expired', 'session_expired');
      }
      const user = await loadUser(session.user_id);
      if (!user) throw new AppError(Code.loginExpired, 'Login expired', 'session_expired');
      const checked = await directoryCheck(session, user, now);
      if (checked === false) {
        throw new AppError(
          Code.loginExpired,
          'Login expired: the directory no longer lets this account in',
          'directory_refused',
        );
      }
      const slide = now - session.last_seen_time >= SLIDE_EVERY_MS;
      const expire = now + deps.sessionIdleMs;
      if (slide) await sessions.slide(session.id, now, expire);
      if (slide || checked !== session.checked_time) {
        sessionCache.set(tokenHash, {
          ...session,
          checked_time: checked,
          ...(slide ? { last_seen_time: now, expire_time: expire } : {}),
        });
      }
      return { user, tokenHash, refreshCookie: slide };
    },

    async permissionsIn(user, namespaceId) {
      const key = `${user.id}:${namespaceId}`;
      let roleId = memberCache.get(key);
      if (roleId === undefined) {
        roleId = (await deps.namespaces.roleIn(user.id, namespaceId)) ?? null;
        memberCache.set(key, roleId);
      }
      if (roleId === null) return null;
      if (user.superManager === 1) return everything;
      return rolePermissions(roleId);
    },

    rolePermissions,

    async noteNamespace(user, namespaceId) {
      if (lastNamespace.get(user.id) === namespaceId) return;
      await users.update(user.id, { last_namespace_id: namespaceId });
      lastNamespace.set(user.id, namespaceId);
    },

    forgetUser(userId) {
      userCache.delete(userId);
      lastNamespace.delete(userId);
      sessionCache.deleteWhere((_k, s) => s?.user_id === userId);
      memberCache.deleteWhere((k) => k.startsWith(`${userId}:`));
    },
    async holds(userId, namespaceId, permission) {
      const user = await loadUser(userId).catch((err: unknown) => {
        if (err instanceof AppError) return null;
        throw err;
      });
      if (!user) return false;
      return (await this.permissionsIn(user, namespaceId))?.has(permission) ?? false;
    },

    forgetSession: (tokenHash) => sessionCache.delete(tokenHash),
    forgetRole: (roleId) => roleCache.delete(roleId),
    forgetMemberships: () => memberCache.clear(),
    forgetApiKeys: () => keyCache.clear(),
  };
}
