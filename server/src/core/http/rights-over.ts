import type { Db } from '../../db/database.js';
import { namespacesLacking, type Touched } from '../../db/namespace-rights.js';
import { denied } from '../errors.js';
import type { RequestContext } from './context.js';

/**
 * SECURITY: a user or a role can belong to several namespaces; changing one changes what happens
 * in each. The caller needs `permissionId` in every namespace it touches (super managers hold
 * every permission everywhere), else code 1. The route's own permission check covers only the
 * caller's current namespace.
 */
export async function assertRightsOver(
  db: Db,
  ctx: RequestContext,
  permissionId: number,
  touched: Touched,
): Promise<void> {
  if (ctx.user.superManager === 1) return;
  const lacking = await namespacesLacking(db, ctx.user.id, permissionId, touched);
  if (lacking.length === 0) return;
  const what = 'userId' in touched ? 'user' : 'role';
  throw denied(
    `This ${what} also belongs to namespaces where you lack the permission`,
    'namespace_rights',
  );
}
