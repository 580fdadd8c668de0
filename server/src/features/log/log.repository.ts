import type { Db } from '../../db/database.js';
import type { OperationEntry } from '../../core/http/operation-log-hook.js';

export interface OperationFilter {
  username: string;
  router: string;
  api: string;
  /** undefined: every namespace (super managers). */
  namespaceId: number | undefined;
}

export function createLogRepository(db: Db) {
  /** `namespaceId`: only logins of that namespace's members; undefined: every login. */
  const loginQuery = (account: string, namespaceId: number | undefined) => {
    let q = db.selectFrom('login_log');
    if (account) q = q.where('account', '=', account);
    if (namespaceId !== undefined) {
      q = q.where('account', 'in', (eb) =>
        eb
          .selectFrom('user')
          .innerJoin('namespace_user', 'namespace_user.user_id', 'user.id')
          .select('user.account')
          .where('namespace_user.namespace_id', '=', namespaceId),
      );
    }
    return q;
  };

  const operationQuery = (f: OperationFilter) => {
    let q = db.selectFrom('operation_log').leftJoin('user', 'user.id', 'operation_log.user_id');
    if (f.username) q = q.where('user.name', '=', f.username);
    if (f.router) q = q.where('operation_log.router', '=', f.router);
    if (f.api) q = q.where('operation_log.api', '=', f.api);
    if (f.namespaceId !== undefined) q = q.where('operation_log.namespace_id', '=', f.namespaceId);
    return q;
  };

  return {
    loginLogs(account: string, namespaceId: number | undefined, page: number, rows: number) {
      return loginQuery(account, namespaceId)
        .selectAll()
        .orderBy('id', 'desc')
        .limit(rows)
        .offset((page - 1) * rows)
        .execute();
    },

    loginLogTotal(account: string, namespaceId: number | undefined): Promise<number> {
      return loginQuery(account, namespaceId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    operationLogs(f: OperationFilter, page: number, rows: number) {
      return operationQuery(f)
        .selectAll('operation_log')
        .select('user.name as username')
        .orderBy('operation_log.id', 'desc')
        .limit(rows)
        .offset((page - 1) * rows)
        .execute();
    },

    operationLogTotal(f: OperationFilter): Promise<number> {
      return operationQuery(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    async insertOperation(e: OperationEntry): Promise<void> {
      await db
        .insertInto('operation_log')
        .values({
          user_id: e.userId,
          namespace_id: e.namespaceId,
          router: e.router,
          api: e.api,
          request_time: e.requestTime,
          request_data: e.requestData,
          response_time: e.responseTime,
          response_data: e.responseData,
        })
        .execute();
    },
  };
}

export type LogRepository = ReturnType<typeof createLogRepository>;
