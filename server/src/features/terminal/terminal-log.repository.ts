import type { Db } from '../../db/database.js';
import { terminalLogColumns, type TerminalSession } from './terminal-log-columns.js';

export interface TerminalLogFilter {
  /** The user's display name, exact (as goploy filters). */
  username: string;
  /** The server's name, exact. */
  serverName: string;
  /** undefined: every namespace (super managers). */
  namespaceId: number | undefined;
}

/** A session as it opens: no end yet, its recording named once the file is made. */
export type NewTerminalLog = Omit<TerminalSession, 'endTime' | 'recordFile'>;

export function createTerminalLogRepository(db: Db) {
  const listQuery = (f: TerminalLogFilter) => {
    let q = db
      .selectFrom('terminal_log')
      .leftJoin('user', 'user.id', 'terminal_log.user_id')
      .leftJoin('server', 'server.id', 'terminal_log.server_id');
    if (f.username) q = q.where('user.name', '=', f.username);
    if (f.serverName) q = q.where('server.name', '=', f.serverName);
    if (f.namespaceId !== undefined) q = q.where('terminal_log.namespace_id', '=', f.namespaceId);
    return q;
  };

  return {
    list(f: TerminalLogFilter, page: number, rows: number) {
      return listQuery(f)
        .selectAll('terminal_log')
        .select(['user.name as username', 'server.name as server_name'])
        .orderBy('terminal_log.id', 'desc')
        .limit(rows)
        .offset((page - 1) * rows)
        .execute();
    },

    total(f: TerminalLogFilter): Promise<number> {
      return listQuery(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    findById(id: number) {
      return db.selectFrom('terminal_log').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(e: NewTerminalLog): Promise<number> {
      const row = await db
        .insertInto('terminal_log')
        .values(terminalLogColumns({ ...e, endTime: null, recordFile: '' }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Sessions that ended with a recording still on disk, for retention. */
    finishedRecordings() {
      return db
        .selectFrom('terminal_log')
        .select(['id', 'record_file', 'end_time'])
        .where('record_file', '!=', '')
        .where('end_time', 'is not', null)
        .execute();
    },

    /** Retention removed these recordings: the rows stay, marked, without a file. */
    async markRecordingsPruned(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('terminal_log')
        .set({ record_file: '', record_pruned: 1 })
        .where('id', 'in', ids)
        .execute();
    },

    async setRecordFile(id: number, recordFile: string): Promise<void> {
      await db
        .updateTable('terminal_log')
        .set({ record_file: recordFile })
        .where('id', '=', id)
        .execute();
    },

    /** Sets the end time once; a second call changes nothing. */
    async end(id: number, endTime: number): Promise<void> {
      await db
        .updateTable('terminal_log')
        .set({ end_time: endTime })
        .where('id', '=', id)
        .where('end_time', 'is', null)
        .execute();
    },
  };
}

export type TerminalLogRepository = ReturnType<typeof createTerminalLogRepository>;
