import type { Db } from '../../db/database.js';

/** A mapping as sign-in reads it: the group, and what it gives. */
export interface MappingRule {
  id: number;
  group: string;
  superManager: boolean;
  namespaceId: number;
  roleId: number;
  origin: 'env' | '';
}

/** A mapping as the settings page lists it, with its namespace's and role's names. */
export interface MappingListed extends MappingRule {
  namespaceName: string;
  roleName: string;
  updateTime: number;
}

export interface MappingWrite {
  group: string;
  superManager: boolean;
  namespaceId: number;
  roleId: number;
}

const rule = (r: {
  id: number;
  group_name: string;
  super_manager: number;
  namespace_id: number;
  role_id: number;
  origin: string;
}): MappingRule => ({
  id: r.id,
  group: r.group_name,
  superManager: r.super_manager === 1,
  namespaceId: r.namespace_id,
  roleId: r.role_id,
  origin: r.origin === 'env' ? 'env' : '',
});

const columns = (m: MappingWrite) => ({
  group_name: m.group,
  super_manager: m.superManager ? 1 : 0,
  namespace_id: m.superManager ? 0 : m.namespaceId,
  role_id: m.superManager ? 0 : m.roleId,
});

const RULE_COLUMNS = [
  'id',
  'group_name',
  'super_manager',
  'namespace_id',
  'role_id',
  'origin',
] as const;

/** The `directory_mapping` rows, in the order they were made (the first listed wins a tie). */
export function createDirectoryMappingRepository(db: Db) {
  return {
    async rules(): Promise<MappingRule[]> {
      const rows = await db
        .selectFrom('directory_mapping')
        .select(RULE_COLUMNS)
        .orderBy('id')
        .execute();
      return rows.map(rule);
    },

    async list(): Promise<MappingListed[]> {
      const rows = await db
        .selectFrom('directory_mapping as m')
        .leftJoin('namespace as n', 'n.id', 'm.namespace_id')
        .leftJoin('role as r', 'r.id', 'm.role_id')
        .select([
          'm.id',
          'm.group_name',
          'm.super_manager',
          'm.namespace_id',
          'm.role_id',
          'm.origin',
          'm.update_time',
          'n.name as namespace_name',
          'r.name as role_name',
        ])
        .orderBy('m.id')
        .execute();
      return rows.map((r) => ({
        ...rule(r),
        namespaceName: r.namespace_name ?? '',
        roleName: r.role_name ?? '',
        updateTime: r.update_time,
      }));
    },

    async find(id: number): Promise<MappingRule | undefined> {
      const row = await db
        .selectFrom('directory_mapping')
        .select(RULE_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && rule(row);
    },

    async insert(m: MappingWrite, now: number): Promise<number> {
      const row = await db
        .insertInto('directory_mapping')
        .values({ ...columns(m), origin: '', insert_time: now, update_time: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, m: MappingWrite, now: number): Promise<void> {
      await db
        .updateTable('directory_mapping')
        .set({ ...columns(m), update_time: now })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('directory_mapping').where('id', '=', id).execute();
    },

    /**
     * Replaces the rows that came from `FERRY_DIRECTORY_ROLES` with its entries now, keeping
     * those unchanged (and their ids) and leaving the settings page's rows alone.
     */
    async replaceFromEnvironment(wanted: readonly MappingWrite[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom('directory_mapping')
          .select(['id', 'group_name', 'super_manager', 'namespace_id', 'role_id'])
          .where('origin', '=', 'env')
          .execute();
        const key = (c: ReturnType<typeof columns>) =>
          `${c.group_name}\n${c.super_manager}\n${c.namespace_id}\n${c.role_id}`;
        const wantedKeys = new Set(wanted.map((m) => key(columns(m))));
        const heldKeys = new Set(held.map(key));
        const stale = held.filter((h) => !wantedKeys.has(key(h))).map((h) => h.id);
        if (stale.length > 0) {
          await trx.deleteFrom('directory_mapping').where('id', 'in', stale).execute();
        }
        const fresh = wanted.map(columns).filter((c) => !heldKeys.has(key(c)));
        if (fresh.length > 0) {
          await trx
            .insertInto('directory_mapping')
            .values(fresh.map((c) => ({ ...c, origin: 'env', insert_time: now, update_time: now })))
            .execute();
        }
      });
    },
  };
}

export type DirectoryMappingRepository = ReturnType<typeof createDirectoryMappingRepository>;
