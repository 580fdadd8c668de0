import { apiKeyRoutes, type ApiKeyRow, type RouteParsed } from '@ferry/contract';
import type { AccessEvents } from '../../core/access-events.js';
import { formatTime, type Clock } from '../../core/clock.js';
import { randomAlphanumeric, sha256Hex } from '../../core/crypto.js';
import { denied, invalid, notFound } from '../../core/errors.js';
import type { RequestContext } from '../../core/http/context.js';
import type { IdentityResolver } from '../../core/http/identity.js';
import { storedIds, type ApiKeyRecord, type ApiKeyRepository } from '../auth/auth.api.js';
import type { ProjectAccess } from '../project/project.api.js';
import type { RoleCatalog } from '../role/role.api.js';

const DAY_MS = 86_400_000;
/** Scoped keys start so, to tell them from goploy's 32-character personal key at a glance. */
const KEY_START = 'fry_';
/** How much of a key its owner's list shows. */
const PREFIX_LENGTH = 10;

type AddInput = RouteParsed<typeof apiKeyRoutes.addApiKey>;

/**
 * Members' scoped API keys (decision 0053): made from a session only, never wider than their
 * owner in any of their namespaces, shown once, kept as a hash, listed with their last use,
 * revoked at once everywhere.
 */
export function createApiKeyService(deps: {
  keys: ApiKeyRepository;
  identity: IdentityResolver;
  roles: RoleCatalog;
  projects: ProjectAccess;
  events: AccessEvents;
  clock: Clock;
}) {
  const { keys, identity, clock } = deps;

  /** SECURITY: keys are managed from a signed-in session, never with a key. */
  function requireSession(ctx: RequestContext) {
    if (ctx.via.kind !== 'session') {
      throw denied('API keys are managed from a signed-in session', 'api_key_session_only');
    }
  }

  /**
   * SECURITY: the role may grant nothing the member lacks in any of the namespaces, and every
   * project must be one the member may deploy there.
   */
  async function checkScope(ctx: RequestContext, input: AddInput) {
    if (!(await deps.roles.exists(input.roleId))) throw invalid('roleId', 'is not a role');
    const granted = await identity.rolePermissions(input.roleId);
    const namespaces = [...new Set(input.namespaceIds)];
    const held = new Map<number, ReadonlySet<number>>();
    for (const ns of namespaces) {
      const own = await identity.permissionsIn(ctx.user, ns);
      if (!own) throw invalid('namespaceIds', `holds ${ns}, a namespace you are not a member of`);
      if ([...granted].some((id) => !own.has(id))) {
        throw invalid('roleId', `grants permissions you do not hold in namespace ${ns}`);
      }
      held.set(ns, own);
    }
    for (const projectId of new Set(input.projectIds)) {
      let found = false;
      for (const [ns, permissions] of held) {
        const there: RequestContext = { ...ctx, namespaceId: ns, permissions };
        try {
          await deps.projects.readable(there, projectId);
          found = true;
          break;
        } catch {
          // Not a project of this namespace the member may reach: try the next one.
        }
      }
      if (!found) {
        throw invalid(
          'projectIds',
          `holds ${projectId}, not a project of those namespaces you may deploy`,
        );
      }
    }
  }

  return {
    async list(ctx: RequestContext): Promise<ApiKeyRow[]> {
      requireSession(ctx);
      const now = clock.now();
      return (await keys.listOf(ctx.user.id)).map((r) => presentKey(r, now));
    },

    async add(ctx: RequestContext, input: AddInput) {
      requireSession(ctx);
      const name = input.name.trim();
      const now = clock.now();
      if (await keys.nameTaken(ctx.user.id, name, now)) {
        throw invalid('name', 'is the name of another of your working keys');
      }
      await checkScope(ctx, input);
      const key = KEY_START + randomAlphanumeric(40);
      const id = await keys.insert({
        userId: ctx.user.id,
        name,
        keyHash: sha256Hex(key),
        keyPrefix: key.slice(0, PREFIX_LENGTH),
        namespaceIds: [...new Set(input.namespaceIds)],
        projectIds: [...new Set(input.projectIds)],
        roleId: input.roleId,
        expireTime: now + input.expireDays * DAY_MS,
        now,
      });
      return { id, key };
    },

    async revoke(ctx: RequestContext, id: number) {
      requireSession(ctx);
      if (!(await keys.revoke(id, ctx.user.id, clock.now()))) throw notFound('API key');
      await deps.events.emit({ kind: 'apiKey', keyId: id });
    },
  };
}

function presentKey(r: ApiKeyRecord, now: number): ApiKeyRow {
  return {
    id: r.id,
    name: r.name,
    prefix: r.key_prefix,
    namespaceIds: storedIds(r.namespace_ids),
    projectIds: storedIds(r.project_ids),
    roleId: r.role_id,
    expireTime: formatTime(r.expire_time),
    lastUseTime: r.last_use_time ? formatTime(r.last_use_time) : '',
    lastUseIp: r.last_use_ip,
    insertTime: formatTime(r.insert_time),
    state: r.revoke_time !== 0 ? 'revoked' : r.expire_time <= now ? 'expired' : 'active',
  };
}
