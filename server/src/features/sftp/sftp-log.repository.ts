import type { SftpLogType } from '@ferry/contract';
import type { Db } from '../../db/database.js';
import { sftpLogColumns, type NewSftpLog } from './sftp-log-columns.js';

export interface SftpLogFilter {
  /** The user's display name, exact (as goploy filters). */
  username: string;
  /** The server's name, exact. */
  serverName: string;
  type?: SftpLogType | undefined;
  /** undefined: every namespace (super managers). */
  namespaceId: number | undefined;
}

export function createSftpLogRepository(db: Db) {
  const listQuery = (f: SftpLogFilter) => {
    let q = db
      .selectFrom('sftp_log')
      .leftJoin('user', 'user.id', 'sftp_log.user_id')
      .leftJoin('server', 'server.id', 'sftp_log.server_id');
    if (f.username) q = q.where('user.name', '=', f.username);
    if (f.serverName) q = q.where('server.name', '=', f.serverName);
    if (f.type) q = q.where('sftp_log.type', '=', f.type);
    if (f.namespaceId !== undefined) q = q.where('sftp_log.namespace_id', '=', f.namespaceId);
    return q;
  };

  return {
    list(f: SftpLogFilter, page: number, rows: number) {
      return listQuery(f)
        .selectAll('sftp_log')
        .select(['user.name as username', 'server.name as server_name'])
        .orderBy('sftp_log.id', 'desc')
        .limit(rows)
        .offset((page - 1) * rows)
        .execute();
    },

    total(f: SftpLogFilter): Promise<number> {
      return listQuery(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    async insert(e: NewSftpLog): Promise<void> {
      await db.insertInto('sftp_log').values(sftpLogColumns(e)).execute();
    },
  };
}

export type SftpLogRepository = ReturnType<typeof createSftpLogRepository>;
