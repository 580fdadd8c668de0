import type { Db } from '../../db/database.js';

export function createRoleRepository(db: Db) {
  return {
    list() {
      return db.selectFrom('role').selectAll().orderBy('id', 'desc').execute();
    },

    findById(id: number) {
      return db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByName(name: string) {
      return db.selectFrom('role').selectAll().where('name', '=', name).executeTakeFirst();
    },

    permissionIdsOf(roleId: number): Promise<number[]> {
      return db
        .selectFrom('role_permission')
        .select('permission_id')
        .where('role_id', '=', roleId)
        .execute()
        .then((r) => r.map((x) => x.permission_id));
    },

    bindings(roleId: number) {
      return db
        .selectFrom('role_permission')
        .select(['id', 'role_id', 'permission_id'])
        .where('role_id', '=', roleId)
        .orderBy('id', 'desc')
        .execute();
    },

    permissions() {
      return db.selectFrom('permission').selectAll().orderBy('id', 'asc').execute();
    },

    async insert(name: string, description: string, now: number): Promise<number> {
      const r = await db
        .insertInto('role')
        .values({ name, description, insert_time: now, update_time: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    async update(id: number, name: string, description: string, now: number): Promise<void> {
      await db
        .updateTable('role')
        .set({ name, description, update_time: now })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('role_permission').where('role_id', '=', id).execute();
        await tx.deleteFrom('role').where('id', '=', id).execute();
      });
    },

    /** Replaces the role's whole permission set in one transaction. */
    async replacePermissions(roleId: number, ids: number[], now: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('role_permission').where('role_id', '=', roleId).execute();
        if (ids.length === 0) return;
        await tx
          .insertInto('role_permission')
          .values(ids.map((id) => ({ role_id: roleId, permission_id: id, insert_time: now })))
          .execute();
      });
    },

    /** How many memberships hold the role (a role in use is not removed). */
    memberCount(roleId: number): Promise<number> {
      return db
        .selectFrom('namespace_user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role_id', '=', roleId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },
  };
}

export type RoleRepository = ReturnType<typeof createRoleRepository>;
