import type { Db } from '../../db/database.js';

export interface Membership {
  namespace_id: number;
  namespace_name: string;
  role_id: number;
}

export function createNamespaceRepository(db: Db) {
  return {
    list() {
      return db.selectFrom('namespace').selectAll().orderBy('id', 'desc').execute();
    },

    findById(id: number) {
      return db.selectFrom('namespace').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByName(name: string) {
      return db.selectFrom('namespace').selectAll().where('name', '=', name).executeTakeFirst();
    },

    allIds(): Promise<number[]> {
      return db
        .selectFrom('namespace')
        .select('id')
        .execute()
        .then((r) => r.map((x) => x.id));
    },

    /** The namespaces a user belongs to, oldest first. */
    membershipsOf(userId: number): Promise<Membership[]> {
      return db
        .selectFrom('namespace_user')
        .innerJoin('namespace', 'namespace.id', 'namespace_user.namespace_id')
        .select([
          'namespace_user.namespace_id',
          'namespace.name as namespace_name',
          'namespace_user.role_id',
        ])
        .where('namespace_user.user_id', '=', userId)
        .orderBy('namespace_user.namespace_id', 'asc')
        .execute();
    },

    /** Which of these namespaces hold at least one project. */
    async withProjects(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('project')
        .select('namespace_id')
        .distinct()
        .where('namespace_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.namespace_id));
    },

    /** The namespace the user last worked in from a browser (0 before any). */
    async lastNamespaceOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('user')
        .select('last_namespace_id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.last_namespace_id ?? 0;
    },

    membership(userId: number, namespaceId: number) {
      return db
        .selectFrom('namespace_user')
        .select(['id', 'role_id'])
        .where('user_id', '=', userId)
        .where('namespace_id', '=', namespaceId)
        .executeTakeFirst();
    },

    membershipById(id: number) {
      return db.selectFrom('namespace_user').selectAll().where('id', '=', id).executeTakeFirst();
    },

    boundUsers(namespaceId: number) {
      return db
        .selectFrom('namespace_user')
        .innerJoin('user', 'user.id', 'namespace_user.user_id')
        .leftJoin('role', 'role.id', 'namespace_user.role_id')
        .select([
          'namespace_user.id',
          'namespace_user.namespace_id',
          'namespace_user.user_id',
          'user.name as user_name',
          'namespace_user.role_id',
          'role.name as role_name',
          'namespace_user.insert_time',
          'namespace_user.update_time',
        ])
        .where('namespace_user.namespace_id', '=', namespaceId)
        .where('user.state', '=', 1)
        .orderBy('namespace_user.id', 'asc')
        .execute();
    },

    async insert(name: string, now: number): Promise<number> {
      const r = await db
        .insertInto('namespace')
        .values({ name, insert_time: now, update_time: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    async rename(id: number, name: string, now: number): Promise<void> {
      await db
        .updateTable('namespace')
        .set({ name, update_time: now })
        .where('id', '=', id)
        .execute();
    },

    /** Adds or re-roles members: one row per (namespace, user). */
    async upsertMembers(namespaceId: number, userIds: number[], roleId: number, now: number) {
      for (const userId of userIds) {
        await db
          .insertInto('namespace_user')
          .values({
            namespace_id: namespaceId,
            user_id: userId,
            role_id: roleId,
            insert_time: now,
            update_time: now,
          })
          .onConflict((oc) =>
            oc
              .columns(['namespace_id', 'user_id'])
              // A membership given or changed by hand is the admin's: the directory leaves it.
              .doUpdateSet({ role_id: roleId, update_time: now, origin: '' }),
          )
          .execute();
      }
    },

    async removeMembership(id: number): Promise<void> {
      await db.deleteFrom('namespace_user').where('id', '=', id).execute();
    },

    async removeUserEverywhere(userId: number): Promise<void> {
      await db.deleteFrom('namespace_user').where('user_id', '=', userId).execute();
    },

    /** What membership rules need to know of an account: enabled, super manager, name. */
    accountOf(userId: number) {
      return db
        .selectFrom('user')
        .select(['id', 'name', 'state', 'super_manager'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** A user's memberships with where each came from ('' by hand, `ldap`). */
    originsOf(userId: number) {
      return db
        .selectFrom('namespace_user')
        .select(['id', 'namespace_id', 'role_id', 'origin'])
        .where('user_id', '=', userId)
        .execute();
    },

    async insertFromDirectory(
      userId: number,
      namespaceId: number,
      roleId: number,
      origin: string,
      now: number,
    ) {
      await db
        .insertInto('namespace_user')
        .values({
          namespace_id: namespaceId,
          user_id: userId,
          role_id: roleId,
          origin,
          insert_time: now,
          update_time: now,
        })
        .execute();
    },

    async setRole(id: number, roleId: number, now: number) {
      await db
        .updateTable('namespace_user')
        .set({ role_id: roleId, update_time: now })
        .where('id', '=', id)
        .execute();
    },

    /** Enabled super managers: they join every new namespace. */
    superManagerIds(): Promise<number[]> {
      return db
        .selectFrom('user')
        .select('id')
        .where('super_manager', '=', 1)
        .where('state', '=', 1)
        .execute()
        .then((rows) => rows.map((r) => r.id));
    },
  };
}

export type NamespaceRepository = ReturnType<typeof createNamespaceRepository>;
