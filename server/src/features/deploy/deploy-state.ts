import { DeployState } from '@ferry/contract';
import type { Db } from '../../db/database.js';

/** The release a deploy made or re-linked, from its job payload (a rollback names its own). */
export function releaseOf(token: string, payload: string): string {
  try {
    const p = JSON.parse(payload) as { rollback?: { release?: unknown } };
    return typeof p.rollback?.release === 'string' ? p.rollback.release : token;
  } catch {
    return token;
  }
}

/** The queue group of a project's deploys: one runs at a time. */
export const projectGroup = (projectId: number) => `project:${projectId}`;

/**
 * A project's deploy columns (goploy's `deploy_state`, publisher, last token) and the jobs behind
 * them. The deploy feature owns these columns; the project feature only shows them.
 */
export function createDeployStateStore(db: Db) {
  async function othersActive(projectId: number, jobId: number): Promise<boolean> {
    const row = await db
      .selectFrom('job')
      .select('id')
      .where('group_key', '=', projectGroup(projectId))
      .where('status', 'in', ['queued', 'running'])
      .where('id', '!=', jobId)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    async set(projectId: number, state: number): Promise<void> {
      await db
        .updateTable('project')
        .set({ deploy_state: state })
        .where('id', '=', projectId)
        .execute();
    },

    /** A publish was accepted: the project is deploying, by this publisher, under this token. */
    async published(
      projectId: number,
      p: { token: string; publisherId: number; publisherName: string },
    ): Promise<void> {
      await db
        .updateTable('project')
        .set({
          deploy_state: DeployState.deploying,
          last_publish_token: p.token,
          publisher_id: p.publisherId,
          publisher_name: p.publisherName,
        })
        .where('id', '=', projectId)
        .execute();
    },

    /**
     * A deploy ended (or will never run). While another deploy of the project waits or runs, the
     * project stays "deploying"; otherwise it shows how this one ended (a cancel counts as fail).
     */
    async finished(projectId: number, jobId: number, status: string): Promise<void> {
      if (await othersActive(projectId, jobId)) return;
      await this.set(projectId, status === 'succeeded' ? DeployState.success : DeployState.fail);
    },

    async boundUserIds(projectId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('project_user')
        .select('user_id')
        .where('project_id', '=', projectId)
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },

    /** Queued and running deploys of some projects, oldest first. */
    active(projectIds: number[]) {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('job')
        .select(['id', 'token', 'status', 'group_key'])
        .where('group_key', 'in', projectIds.map(projectGroup))
        .where('status', 'in', ['queued', 'running'])
        .orderBy('id')
        .execute();
    },

    /**
     * The release the project's servers run: that of its last successful deploy (a rollback's is
     * the release it re-linked). Undefined before the first success.
     */
    async currentRelease(projectId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('job')
        .select(['token', 'payload'])
        .where('group_key', '=', projectGroup(projectId))
        .where('status', '=', 'succeeded')
        .orderBy('end_time', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!row) return undefined;
      return releaseOf(row.token, row.payload);
    },

    job(token: string) {
      return db.selectFrom('job').selectAll().where('token', '=', token).executeTakeFirst();
    },
  };
}

export type DeployStateStore = ReturnType<typeof createDeployStateStore>;
