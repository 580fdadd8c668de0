import type { Db } from '../../db/database.js';
import type { RetainedKind } from '../../infra/retention/retention.js';
import { DEPLOY_JOB } from './deploy.service.js';
import { deployLogFile } from './deploy-log.js';

/** Deploy logs for retention: those of finished deploys, marked on the job once removed. */
export function deployLogsRetained(db: Db, sharedDir: string): RetainedKind {
  return {
    async list() {
      const rows = await db
        .selectFrom('job')
        .select(['id', 'token', 'end_time'])
        .where('kind', '=', DEPLOY_JOB)
        .where('status', 'not in', ['queued', 'running'])
        .where('end_time', 'is not', null)
        .where('log_pruned', '=', 0)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        file: r.token ? deployLogFile(sharedDir, r.token) : undefined,
        endedAt: r.end_time ?? 0,
      }));
    },
    async markPruned(ids) {
      if (ids.length === 0) return;
      await db.updateTable('job').set({ log_pruned: 1 }).where('id', 'in', ids).execute();
    },
  };
}
