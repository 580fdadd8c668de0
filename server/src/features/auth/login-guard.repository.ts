import type { Db } from '../../db/database.js';
import { loginLogColumns, type LoginAttempt } from './login-log-columns.js';

export interface LoginFailure {
  failures: number;
  window_start: number;
  locked_until: number;
}

/** Failure counters per account (existing or not, so lockout does not reveal which exist). */
export function createLoginGuardRepository(db: Db) {
  return {
    get(account: string): Promise<LoginFailure | undefined> {
      return db
        .selectFrom('login_failure')
        .select(['failures', 'window_start', 'locked_until'])
        .where('account', '=', account)
        .executeTakeFirst();
    },

    async put(account: string, f: LoginFailure): Promise<void> {
      await db
        .insertInto('login_failure')
        .values({ account, ...f })
        .onConflict((oc) => oc.column('account').doUpdateSet(f))
        .execute();
    },

    /** Counters that neither lock nor count any more. */
    async deleteStale(windowStartBefore: number, now: number): Promise<void> {
      await db
        .deleteFrom('login_failure')
        .where('window_start', '<', windowStartBefore)
        .where('locked_until', '<', now)
        .execute();
    },

    async clear(account: string): Promise<void> {
      await db.deleteFrom('login_failure').where('account', '=', account).execute();
    },

    async insertLoginLog(row: LoginAttempt): Promise<void> {
      await db.insertInto('login_log').values(loginLogColumns(row)).execute();
    },
  };
}

export type LoginGuardRepository = ReturnType<typeof createLoginGuardRepository>;
