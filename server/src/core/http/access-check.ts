import { Code, type Access } from '@ferry/contract';
import { AppError } from '../errors.js';
import type { AuthUser } from './context.js';
import type { ApiKeyScope, IdentityResolver } from './identity.js';

/**
 * SECURITY: the namespace and permission half of the door. The permission ids `user` holds in
 * `namespaceId` (none without a namespace), or throws: 10002 when not a member, 1 when none of
 * the ids `access` asks for is held. With a scoped API key, the namespace must be one of the
 * key's (else 1) and the permissions are those its role grants that the user also holds now, so
 * a key never outgrows its owner. The auth hook runs it for every request and upgrade; the
 * socket registry runs it again for open sockets when memberships or roles change.
 */
export async function permissionsFor(
  identity: IdentityResolver,
  user: AuthUser,
  namespaceId: number,
  access: Access,
  scope?: ApiKeyScope | null,
): Promise<ReadonlySet<number>> {
  let permissions: ReadonlySet<number> = new Set();
  if (scope && namespaceId > 0 && !scope.namespaceIds.has(namespaceId)) {
    throw new AppError(Code.deny, 'This API key does not act in this namespace', 'api_key_scope');
  }
  if (namespaceId > 0) {
    const found = await identity.permissionsIn(user, namespaceId);
    if (!found) {
      throw new AppError(
        Code.namespaceInvalid,
        'Not a member of this namespace',
        'namespace_invalid',
      );
    }
    permissions = found;
    if (scope) {
      const capped = await identity.rolePermissions(scope.roleId);
      permissions = new Set([...permissions].filter((id) => capped.has(id)));
    }
  }
  if (typeof access === 'object' && !access.anyOf.some((id) => permissions.has(id))) {
    throw new AppError(Code.deny, 'Permission denied', 'permission_denied');
  }
  return permissions;
}
