import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UserTable } from '../../db/schema.js';

export type UserRecord = Selectable<UserTable>;

export function createUserRepository(db: Db) {
  const byColumn = (column: 'id' | 'account' | 'api_key_hash', value: string | number) =>
    db.selectFrom('user').selectAll().where(column, '=', value).executeTakeFirst();

  return {
    findById: (id: number) => byColumn('id', id),
    findByAccount: (account: string) => byColumn('account', account),
    /** An empty contact matches nobody. */
    findByContact: (contact: string): Promise<UserRecord[]> =>
      contact
        ? db.selectFrom('user').selectAll().where('contact', '=', contact).limit(2).execute()
        : Promise.resolve([]),
    /** Only enabled users' keys authenticate; an empty hash never matches. */
    findByApiKeyHash: (hash: string) => (hash ? byColumn('api_key_hash', hash) : undefined),

    /**
     * Users in one state (1 enabled, 0 disabled), or all of them; newest first. With
     * `visibleIn`, only that namespace's members and the accounts in no namespace.
     */
    listByState(state: 0 | 1 | 'all', visibleIn?: number): Promise<UserRecord[]> {
      let q = db.selectFrom('user').selectAll();
      if (state !== 'all') q = q.where('state', '=', state);
      if (visibleIn !== undefined) {
        q = q.where((eb) => {
          const memberships = eb
            .selectFrom('namespace_user as m')
            .select('m.id')
            .whereRef('m.user_id', '=', 'user.id');
          return eb.or([
            eb.exists(memberships.where('m.namespace_id', '=', visibleIn)),
            eb.not(eb.exists(memberships)),
          ]);
        });
      }
      return q.orderBy('id', 'desc').execute();
    },

    async insert(row: {
      account: string;
      password: string;
      name: string;
      contact: string;
      superManager: number;
      passwordUpdateTime: number | null;
      now: number;
    }): Promise<number> {
      const r = await db
        .insertInto('user')
        .values({
          account: row.account,
          password: row.password,
          name: row.name,
          contact: row.contact,
          super_manager: row.superManager,
          state: 1,
          password_update_time: row.passwordUpdateTime,
          insert_time: row.now,
          update_time: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    async update(id: number, patch: Partial<Omit<UserRecord, 'id'>>): Promise<void> {
      await db.updateTable('user').set(patch).where('id', '=', id).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
