import type { Db } from './database.js';

/** What a user or a role touches: the namespaces it is a member of, or is held in. */
export type Touched = { userId: number } | { roleId: number };

/**
 * SECURITY: users and roles can belong to several namespaces, and acting on one needs the
 * caller's rights over every namespace it touches. Returns the ids of the namespaces the user or
 * role touches in which `callerId` does not hold `permissionId` (empty: the caller may act).
 * Super managers hold every permission everywhere; callers check that flag first.
 */
export async function namespacesLacking(
  db: Db,
  callerId: number,
  permissionId: number,
  touched: Touched,
): Promise<number[]> {
  const [column, id] =
    'userId' in touched
      ? (['t.user_id', touched.userId] as const)
      : (['t.role_id', touched.roleId] as const);
  const rows = await db
    .selectFrom('namespace_user as t')
    .select('t.namespace_id')
    .distinct()
    .where(column, '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('namespace_user as c')
            .innerJoin('role_permission as rp', 'rp.role_id', 'c.role_id')
            .select('c.id')
            .where('c.user_id', '=', callerId)
            .whereRef('c.namespace_id', '=', 't.namespace_id')
            .where('rp.permission_id', '=', permissionId),
        ),
      ),
    )
    .orderBy('t.namespace_id')
    .execute();
  return rows.map((r) => r.namespace_id);
}
