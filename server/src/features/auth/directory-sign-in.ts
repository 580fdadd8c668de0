import { Code } from '@ferry/contract';
import { ConfigError, type DirectoryRole } from '../../config.js';
import { AppError, failed } from '../../core/errors.js';
import type { AccessEvents } from '../../core/access-events.js';
import type { Clock } from '../../core/clock.js';
import type { NamespaceDirectory } from '../namespace/namespace.api.js';
import type { RoleCatalog } from '../role/role.api.js';
import type { UserAccounts, UserRecord } from '../user/user.api.js';
import type {
  DirectoryMappingRepository,
  MappingRule,
  MappingWrite,
} from './directory-mapping.repository.js';

/** goploy keeps user 1 local: the first super manager signs in with the local password only. */
export const BREAK_GLASS_USER_ID = 1;

/** Memberships and super manager rights given by the directory carry this origin. */
export const LDAP_ORIGIN = 'ldap';
/** Memberships and super manager rights given at an OpenID Connect sign-in. */
export const OIDC_ORIGIN = 'oidc';
export type DirectoryOrigin = typeof LDAP_ORIGIN | typeof OIDC_ORIGIN;
const DIRECTORY_ORIGINS: ReadonlySet<string> = new Set([LDAP_ORIGIN, OIDC_ORIGIN]);

/** What a member's groups give: namespace id → role id, and whether super manager. */
interface Grant {
  memberships: Map<number, number>;
  superManager: boolean;
}

/**
 * DNs compare without regard to case or to spaces around `,` and `=` (`CN=Ops, DC=x` is
 * `cn=ops,dc=x`), as directories compare them.
 */
export function normalizeGroup(group: string): string {
  return group
    .trim()
    .replace(/\s*([,=])\s*/g, '$1')
    .toLowerCase();
}

const describe = (m: DirectoryRole) =>
  m.superManager ? `${m.group}=*:super` : `${m.group}=${m.namespace}:${m.role}`;

/**
 * What the directory decides for a member who passed its password check: created at first
 * sign-in when a group maps, memberships from the directory brought in line with the groups,
 * super manager only by an explicit `*:super` mapping. A user disabled in Ferry stays refused.
 */
export function createDirectorySignIn(deps: {
  /** `FERRY_DIRECTORY_ROLES`, by names: brought into the mappings at start (`seed`). */
  environment: readonly DirectoryRole[];
  mappings: DirectoryMappingRepository;
  users: UserAccounts;
  namespaces: NamespaceDirectory;
  roles: RoleCatalog;
  events: AccessEvents;
  clock: Clock;
}) {
  const { users, namespaces } = deps;

  /** The environment's entries with their namespace and role ids; one that does not resolve is named. */
  async function resolveEnvironment() {
    const resolved: MappingWrite[] = [];
    const unknown: string[] = [];
    for (const m of deps.environment) {
      if (m.superManager) {
        resolved.push({ group: m.group, superManager: true, namespaceId: 0, roleId: 0 });
        continue;
      }
      const namespaceId = await namespaces.idByName(m.namespace);
      const roleId = await deps.roles.idByName(m.role);
      if (namespaceId === undefined || roleId === undefined) {
        const missing = namespaceId === undefined ? `namespace ${m.namespace}` : `role ${m.role}`;
        unknown.push(`"${describe(m)}" (no ${missing})`);
        continue;
      }
      resolved.push({ group: m.group, superManager: false, namespaceId, roleId });
    }
    return { resolved, unknown };
  }

  /**
   * What a member's groups give, and through which mapping: namespace id → role id (the first
   * mapping listed wins a namespace), and whether super manager.
   */
  async function grantOf(groups: readonly string[]) {
    const held = new Set(groups.map(normalizeGroup));
    const grant: Grant = { memberships: new Map(), superManager: false };
    const through: MappingRule[] = [];
    for (const m of await deps.mappings.rules()) {
      if (!held.has(normalizeGroup(m.group))) continue;
      if (m.superManager) {
        grant.superManager = true;
        through.push(m);
      } else if (!grant.memberships.has(m.namespaceId)) {
        grant.memberships.set(m.namespaceId, m.roleId);
        through.push(m);
      }
    }
    return { grant, through };
  }

  /** Super manager rights follow the directory only where the directory gave them. */
  async function syncSuperManager(
    user: UserRecord,
    grant: Grant,
    origin: DirectoryOrigin,
  ): Promise<UserRecord> {
    const byHand = user.super_manager === 1 && !DIRECTORY_ORIGINS.has(user.super_manager_origin);
    if (byHand || (user.super_manager === 1) === grant.superManager) return user;
    const patch = grant.superManager
      ? { super_manager: 1, super_manager_origin: origin }
      : { super_manager: 0, super_manager_origin: '' };
    await users.update(user.id, patch);
    await namespaces.syncSuperManager(user.id, grant.superManager);
    await deps.events.emit({ kind: 'user', userId: user.id, revoked: !grant.superManager });
    return { ...user, ...patch };
  }

  return {
    /**
     * Brings the environment's mappings into the table at start; fails naming every entry whose
     * namespace or role does not exist.
     */
    async seed(): Promise<void> {
      const { resolved, unknown } = await resolveEnvironment();
      if (unknown.length > 0) {
        throw new ConfigError(
          `Invalid configuration:\n- FERRY_DIRECTORY_ROLES names what does not exist: ${unknown.join(', ')}`,
        );
      }
      await deps.mappings.replaceFromEnvironment(resolved, deps.clock.now());
    },

    /** What a sign-in with these groups would give, changing nothing (the settings page's test). */
    preview: grantOf,

    /**
     * The local user behind a directory member, created or brought in line with the groups;
     * `origin` marks what the directory gave (`ldap`, `oidc`), which the next sign-in through it
     * may take back.
     */
    async provision(
      found: { account: string; name: string; groups: string[] },
      origin: DirectoryOrigin = LDAP_ORIGIN,
    ) {
      const account = found.account;
      const { grant } = await grantOf(found.groups);
      const granted = grant.superManager || grant.memberships.size > 0;
      let user = await users.findByAccount(account);
      if (!user) {
        if (!granted) {
          throw failed(
            'None of your directory groups gives access to Ferry, please ask the administrator',
            'no_mapped_group',
          );
        }
        user = await users.createFromDirectory(account, found.name.slice(0, 30));
      }
      if (user.state !== 1) {
        throw new AppError(Code.accountDisabled, 'Account is disabled', 'account_disabled');
      }
      user = await syncSuperManager(user, grant, origin);
      // A super manager is in every namespace with every right: nothing to bring in line.
      if (user.super_manager !== 1) {
        await namespaces.syncFromDirectory(user.id, origin, grant.memberships);
      }
      return user;
    },
  };
}

export type DirectorySignIn = ReturnType<typeof createDirectorySignIn>;
