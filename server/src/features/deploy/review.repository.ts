import { ReviewState } from '@ferry/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { projectPage } from '../../db/project-page.js';
import type { ProjectReviewTable } from '../../db/schema.js';

export type ReviewRecord = Selectable<ProjectReviewTable>;

/** Deploy reviews' SQL. */
export function createReviewRepository(db: Db) {
  return {
    async insert(row: Insertable<ProjectReviewTable>): Promise<number> {
      const r = await db
        .insertInto('project_review')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    byId: (id: number) =>
      db.selectFrom('project_review').selectAll().where('id', '=', id).executeTakeFirst(),

    async setReviewUrl(id: number, url: string): Promise<void> {
      await db
        .updateTable('project_review')
        .set({ review_url: url })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Decides a waiting review: one conditional update, so of two decisions (two reviewers, a
     * replayed callback) exactly one wins. True when this one did.
     */
    async decide(
      id: number,
      set: {
        state: number;
        reason: string;
        editor_id: number;
        editor: string;
        update_time: number;
      },
    ): Promise<boolean> {
      const r = await db
        .updateTable('project_review')
        .set(set)
        .where('id', '=', id)
        .where('state', '=', ReviewState.waiting)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Puts an approved review back to waiting (its deploy could not start). */
    async reopen(id: number): Promise<void> {
      await db
        .updateTable('project_review')
        .set({ state: ReviewState.waiting, editor_id: 0, editor: '' })
        .where('id', '=', id)
        .execute();
    },

    async setDeployToken(id: number, token: string): Promise<void> {
      await db
        .updateTable('project_review')
        .set({ deploy_token: token })
        .where('id', '=', id)
        .execute();
    },

    /** A project's reviews, a page at a time, newest first. */
    page: projectPage(db, 'project_review'),

    /** The oldest review of the project still waiting for this commit, if any. */
    async waitingFor(projectId: number, commitId: string): Promise<number | undefined> {
      const r = await db
        .selectFrom('project_review')
        .select('id')
        .where('project_id', '=', projectId)
        .where('commit_id', '=', commitId)
        .where('state', '=', ReviewState.waiting)
        .orderBy('id')
        .executeTakeFirst();
      return r?.id;
    },

    /** Waiting reviews per project. */
    async waiting(projectIds: number[]): Promise<Map<number, number>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('project_review')
        .select((eb) => ['project_id', eb.fn.countAll<number>().as('n')])
        .where('project_id', 'in', projectIds)
        .where('state', '=', ReviewState.waiting)
        .groupBy('project_id')
        .execute();
      return new Map(rows.map((r) => [r.project_id, Number(r.n)]));
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
