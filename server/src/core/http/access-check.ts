import { Code, type Access } from '@ferry/contract';
import { AppError } from '../errors.js';
import type { AuthUser } from './context.js';
import type { IdentityResolver } from './identity.js';

/**
 * SECURITY: the namespace and permission half of the door. The permission ids `user` holds in
 * `namespaceId` (none without a namespace), or throws: 10002 when not a member, 1 when none of
 * the ids `access` asks for is held. The auth hook runs it for every request and upgrade; the
 * socket registry runs it again for open sockets when memberships or roles change.
 */
export async function permissionsFor(
  identity: IdentityResolver,
  user: AuthUser,
  namespaceId: number,
  access: Access,
): Promise<ReadonlySet<number>> {
  let permissions: ReadonlySet<number> = new Set();
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
  }
  if (typeof access === 'object' && !access.anyOf.some((id) => permissions.has(id))) {
    throw new AppError(Code.deny, 'Permission denied', 'permission_denied');
  }
  return permissions;
}
