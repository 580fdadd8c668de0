import { TraceState } from '@ferry/contract';
import { type Insertable, type Selectable } from 'kysely';
import { containsText } from '../../db/contains-text.js';
import type { Db } from '../../db/database.js';
import type { PublishTraceTable } from '../../db/schema.js';

export type TraceRecord = Selectable<PublishTraceTable>;
export type NewTrace = Insertable<PublishTraceTable>;

/** The history filters of getPreview, already parsed. */
export interface PreviewFilter {
  projectId: number;
  userId: number;
  /** -1 all, 1 succeeded, 0 failed or cancelled. */
  state: number;
  /** Substrings of the pull row's commit info. */
  texts: string[];
  deployFrom?: number;
  deployTo?: number;
  token: string;
}

/** One deploy in the history: its queue row, its pull row's commit info and its job's status. */
export interface HistoryRecord {
  token: string;
  project_id: number;
  publisher_id: number;
  publisher_name: string;
  insert_time: number;
  update_time: number;
  pull_ext: string | null;
  status: string | null;
  queue_ext: string;
}

/** goploy's publish_trace: one row per stage (and server) of each deploy. */
export function createTraceRepository(db: Db) {
  const history = (f: PreviewFilter) => {
    let q = db
      .selectFrom('publish_trace as q')
      .leftJoin('publish_trace as p', (j) =>
        j.onRef('p.token', '=', 'q.token').on('p.type', '=', 2),
      )
      .leftJoin('job', 'job.token', 'q.token')
      .where('q.project_id', '=', f.projectId)
      .where('q.type', '=', 0);
    if (f.userId) q = q.where('q.publisher_id', '=', f.userId);
    if (f.token) q = q.where('q.token', '=', f.token);
    if (f.state === TraceState.succeeded) q = q.where('job.status', '=', 'succeeded');
    if (f.state === TraceState.failed) q = q.where('job.status', 'in', ['failed', 'cancelled']);
    for (const t of f.texts) {
      q = q.where(containsText('p.ext', t));
    }
    if (f.deployFrom !== undefined) q = q.where('q.insert_time', '>=', f.deployFrom);
    if (f.deployTo !== undefined) q = q.where('q.insert_time', '<=', f.deployTo);
    return q;
  };

  return {
    async insert(row: NewTrace): Promise<number> {
      const r = await db.insertInto('publish_trace').values(row).returning('id').executeTakeFirst();
      return r?.id ?? 0;
    },

    ofToken(token: string): Promise<TraceRecord[]> {
      return db
        .selectFrom('publish_trace')
        .selectAll()
        .where('token', '=', token)
        .orderBy('id')
        .execute();
    },

    find(id: number): Promise<TraceRecord | undefined> {
      return db.selectFrom('publish_trace').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The commit info (pull row ext) of each token. */
    async pullExts(tokens: string[]): Promise<Map<string, string>> {
      if (tokens.length === 0) return new Map();
      const rows = await db
        .selectFrom('publish_trace')
        .select(['token', 'ext'])
        .where('type', '=', 2)
        .where('token', 'in', tokens)
        .execute();
      return new Map(rows.map((r) => [r.token, r.ext]));
    },

    async history(f: PreviewFilter, page?: { offset: number; limit: number }) {
      let q = history(f)
        .select([
          'q.token',
          'q.project_id',
          'q.publisher_id',
          'q.publisher_name',
          'q.insert_time',
          'q.update_time',
          'q.ext as queue_ext',
          'p.ext as pull_ext',
          'job.status',
        ])
        .orderBy('q.id', 'desc');
      if (page) q = q.offset(page.offset).limit(page.limit);
      return (await q.execute()) as HistoryRecord[];
    },

    async historyTotal(f: PreviewFilter): Promise<number> {
      const r = await history(f)
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** Deploys of a namespace for the publish log, newest first, with their failure details. */
    async publishLog(
      namespaceId: number,
      f: { username: string; projectName: string },
      page?: { offset: number; limit: number },
    ) {
      let q = db
        .selectFrom('publish_trace as q')
        .leftJoin('job', 'job.token', 'q.token')
        .where('q.type', '=', 0)
        .where('q.namespace_id', '=', namespaceId);
      if (f.username) {
        q = q.where(containsText('q.publisher_name', f.username));
      }
      if (f.projectName) {
        q = q.where(containsText('q.project_name', f.projectName));
      }
      if (!page) {
        const r = await q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
        return { total: Number(r?.n ?? 0), rows: [] };
      }
      const rows = await q
        .select([
          'q.token',
          'q.project_id',
          'q.project_name',
          'q.publisher_id',
          'q.publisher_name',
          'q.insert_time',
          'job.status',
        ])
        .orderBy('q.id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      return { total: rows.length, rows };
    },

    /** The failed rows' details of some deploys, joined per token. */
    async failureDetails(tokens: string[]): Promise<Map<string, string>> {
      if (tokens.length === 0) return new Map();
      const rows = await db
        .selectFrom('publish_trace')
        .select(['token', 'detail'])
        .where('token', 'in', tokens)
        .where('state', '=', 0)
        .orderBy('id')
        .execute();
      const out = new Map<string, string>();
      for (const r of rows)
        out.set(r.token, [out.get(r.token), r.detail].filter(Boolean).join('\n'));
      return out;
    },
  };
}

export type TraceRepository = ReturnType<typeof createTraceRepository>;
