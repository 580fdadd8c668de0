import { directoryMappingRoutes, type RouteParsed } from '@ferry/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../core/clock.js';
import { formatTime } from '../../core/clock.js';
import { denied, failed, invalid, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import { bindRoute } from '../../core/http/bind-route.js';
import { DirectoryUnavailableError, type LdapDirectory } from '../../infra/ldap/ldap-directory.js';
import type { NamespaceDirectory } from '../namespace/namespace.api.js';
import type { RoleCatalog } from '../role/role.api.js';
import type { UserAccounts } from '../user/user.api.js';
import type { DirectoryMappingRepository, MappingWrite } from './directory-mapping.repository.js';
import { BREAK_GLASS_USER_ID, normalizeGroup, type DirectorySignIn } from './directory-sign-in.js';

type MappingInput = RouteParsed<typeof directoryMappingRoutes.addDirectoryMapping>;

/**
 * The "Sign-in" settings page's routes, for super managers only: the group mappings, and a test
 * of a sign-in that shows what the directory answers and which memberships would follow.
 */
export function directoryMappingPlugin(deps: {
  mappings: DirectoryMappingRepository;
  signIn: DirectorySignIn;
  /** Undefined while LDAP is off: the test has no directory to ask. */
  directory: Pick<LdapDirectory, 'authenticate' | 'lookup'> | undefined;
  /** Whether OpenID Connect sign-in is on (it reads the mappings too). */
  oidcEnabled: boolean;
  users: UserAccounts;
  namespaces: NamespaceDirectory;
  roles: RoleCatalog;
  clock: Clock;
}) {
  const { mappings } = deps;

  function superOnly(ctx: RequestContext) {
    if (ctx.user.superManager !== 1) {
      throw denied('Only super managers manage sign-in', 'super_manager_only');
    }
  }

  /** The mapping as written: super manager alone, or an existing namespace and role. */
  async function checked(input: MappingInput, id?: number): Promise<MappingWrite> {
    const superManager = input.superManager === 1;
    if (superManager && (input.namespaceId !== 0 || input.roleId !== 0)) {
      throw invalid('namespaceId', 'must be 0 when the group makes super managers');
    }
    if (!superManager) {
      if (!(await deps.namespaces.exists(input.namespaceId))) {
        throw invalid('namespaceId', 'must be an existing namespace');
      }
      if (!(await deps.roles.exists(input.roleId))) {
        throw invalid('roleId', 'must be an existing role');
      }
    }
    const write = {
      group: input.group,
      superManager,
      namespaceId: input.namespaceId,
      roleId: input.roleId,
    };
    const same = (await mappings.rules()).find(
      (m) =>
        m.id !== id &&
        normalizeGroup(m.group) === normalizeGroup(write.group) &&
        m.superManager === superManager &&
        (superManager || m.namespaceId === write.namespaceId),
    );
    if (same) {
      throw failed(
        superManager
          ? 'This group makes super managers already'
          : 'This group gives a role in this namespace already',
        'mapping_exists',
      );
    }
    return write;
  }

  /** A mapping made on this page; one from FERRY_DIRECTORY_ROLES is changed there. */
  async function editable(id: number) {
    const found = await mappings.find(id);
    if (!found) throw notFound('Mapping');
    if (found.origin === 'env') {
      throw failed(
        'This mapping comes from FERRY_DIRECTORY_ROLES: change it there and restart',
        'mapping_from_environment',
      );
    }
    return found;
  }

  async function testSignIn(input: RouteParsed<typeof directoryMappingRoutes.testDirectorySignIn>) {
    const none = {
      entry: null,
      mappedGroups: [],
      passwordChecked: false,
      existing: false,
      superManager: false,
      memberships: [],
    };
    if (!deps.directory) throw failed('LDAP sign-in is not enabled', 'ldap_disabled');
    const local = await deps.users.findByAccount(input.account);
    if (local?.id === BREAK_GLASS_USER_ID) {
      return {
        ...none,
        existing: true,
        outcome: 'local_only' as const,
        message: 'The first super manager always signs in with the local password',
      };
    }
    let answer;
    try {
      answer = input.password
        ? await deps.directory.authenticate(input.account, input.password)
        : await deps.directory.lookup(input.account);
    } catch (err) {
      if (!(err instanceof DirectoryUnavailableError)) throw err;
      return { ...none, outcome: 'directory_unavailable' as const, message: err.message };
    }
    if (!answer.ok) {
      const messages = {
        empty_password: 'The password is empty',
        no_entry: 'The directory has no entry for this account',
        ambiguous: 'Several directory entries match this account',
        wrong_password: 'The directory refused the password',
      };
      const outcome = answer.reason === 'empty_password' ? 'wrong_password' : answer.reason;
      return { ...none, outcome, message: messages[answer.reason] };
    }
    const { grant, through } = await deps.signIn.preview(answer.groups);
    const listed = await mappings.list();
    const named = new Map(listed.map((m) => [m.id, m]));
    const mappedNames = new Set(listed.map((m) => normalizeGroup(m.group)));
    const existing = (await deps.users.findByAccount(answer.account)) !== undefined;
    const granted = grant.superManager || grant.memberships.size > 0;
    return {
      outcome: !granted && !existing ? ('no_mapped_group' as const) : ('ok' as const),
      message: granted
        ? 'A sign-in would give these memberships'
        : "None of the member's groups is mapped",
      entry: { dn: answer.dn, account: answer.account, name: answer.name, groups: answer.groups },
      mappedGroups: answer.groups.filter((g) => mappedNames.has(normalizeGroup(g))),
      passwordChecked: input.password !== '',
      existing,
      superManager: grant.superManager,
      memberships: through
        .filter((m) => !m.superManager)
        .map((m) => ({
          group: m.group,
          namespaceName: named.get(m.id)?.namespaceName ?? '',
          roleName: named.get(m.id)?.roleName ?? '',
        })),
    };
  }

  return (app: FastifyInstance) => {
    bindRoute(app, directoryMappingRoutes.getDirectoryMappings, async ({ ctx }) => {
      superOnly(ctx);
      return {
        list: (await mappings.list()).map((m) => ({
          id: m.id,
          group: m.group,
          superManager: m.superManager ? 1 : 0,
          namespaceId: m.namespaceId,
          namespaceName: m.namespaceName,
          roleId: m.roleId,
          roleName: m.roleName,
          origin: m.origin,
          updateTime: formatTime(m.updateTime),
        })),
        ldapEnabled: deps.directory !== undefined,
        oidcEnabled: deps.oidcEnabled,
      };
    });
    bindRoute(app, directoryMappingRoutes.addDirectoryMapping, async ({ ctx, input }) => {
      superOnly(ctx);
      return { id: await mappings.insert(await checked(input), deps.clock.now()) };
    });
    bindRoute(app, directoryMappingRoutes.editDirectoryMapping, async ({ ctx, input }) => {
      superOnly(ctx);
      await editable(input.id);
      await mappings.update(input.id, await checked(input, input.id), deps.clock.now());
      return null;
    });
    bindRoute(app, directoryMappingRoutes.removeDirectoryMapping, async ({ ctx, input }) => {
      superOnly(ctx);
      await editable(input.id);
      await mappings.remove(input.id);
      return null;
    });
    bindRoute(app, directoryMappingRoutes.testDirectorySignIn, async ({ ctx, input }) => {
      superOnly(ctx);
      return testSignIn(input);
    });
  };
}
