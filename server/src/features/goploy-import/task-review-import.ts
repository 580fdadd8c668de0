import { deployRoutes, hasHistory, ReviewState, taskRoutes } from '@ferry/contract';
import { newTaskColumns } from '../schedule/schedule.api.js';
import type { GoployProjectReview, GoployProjectTask } from './goploy-rows.js';
import { eachNewRow, firstProblem, goployTime, type ImportContext } from './import-context.js';

const taskForm = taskRoutes.addTask.input;
const publishForm = deployRoutes.publish.input;

/** The Ferry project a goploy row hangs off, or undefined (the row is dropped, with a note). */
async function projectOf(ctx: ImportContext, table: string, id: number, projectId: number) {
  const target = ctx.map.target('project', projectId);
  if (target === undefined) {
    ctx.report.drop(table, id, `is of project ${projectId}, which was not imported`);
    return undefined;
  }
  return ctx.tx
    .selectFrom('project')
    .select(['id', 'namespace_id', 'repo_type'])
    .where('id', '=', target)
    .executeTakeFirstOrThrow();
}

/** goploy's creator and editor, through the user map (0 when goploy's user was not carried). */
function authored(ctx: ImportContext, r: GoployProjectTask | GoployProjectReview) {
  const inserted = goployTime(r.insert_time) ?? ctx.now;
  return {
    creator_id: ctx.map.target('user', r.creator_id) ?? 0,
    creator: r.creator.slice(0, 255),
    editor_id: ctx.map.target('user', r.editor_id) ?? 0,
    editor: r.editor.slice(0, 255),
    insert_time: inserted,
    update_time: goployTime(r.update_time) ?? inserted,
  };
}

/**
 * goploy's scheduled deploys with the rules of `/project/addTask`. A task still waiting for its
 * time (active, not run, due later) is due then, as if added in Ferry; the others are history.
 * It runs in its creator's name, as Ferry's own (goploy ran every task as its admin), so a creator
 * who may not schedule deploys sees it skipped: the report says so for each. One goploy never ran
 * although its time has passed (goploy was stopped) stays unrun, with a note: deploying it late,
 * on the day of the import, would surprise the team.
 */
export async function importProjectTasks(ctx: ImportContext, rows: GoployProjectTask[]) {
  await eachNewRow(ctx, 'project_task', rows, async (r) => {
    const project = await projectOf(ctx, 'project_task', r.id, r.project_id);
    if (!project) return undefined;
    const form = taskForm.safeParse({
      projectId: project.id,
      branch: r.branch,
      commit: r.commit,
      date: r.date ?? '',
    });
    if (!form.success) {
      return void ctx.report.refuse('project_task', r.id, firstProblem(form.error));
    }
    const date = goployTime(r.date) ?? 0;
    const active = r.state === 1;
    const waiting = active && r.is_run === 0;
    const pending = waiting && date > ctx.now;
    if (pending) {
      ctx.report.note(
        'project_task',
        r.id,
        "runs at its time in its creator's name (goploy ran it as its admin): skipped unless the creator may schedule deploys",
      );
    } else if (waiting) {
      ctx.report.note(
        'project_task',
        r.id,
        'was due in goploy and never ran: carried as history, it does not run',
      );
    }
    const row = await ctx.tx
      .insertInto('project_task')
      .values({
        ...newTaskColumns(form.data, project, { date, nextRun: pending ? date : 0 }),
        state: active ? 1 : 0,
        is_run: r.is_run === 1 ? 1 : 0,
        last_run: r.is_run === 1 ? date : 0,
        ...authored(ctx, r),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/**
 * goploy's deploy reviews, each the publish request `/deploy/publish` would have made of its
 * branch and commit: a pending one waits in Ferry and deploys that commit when approved; decided
 * ones are history. One without a commit (goploy asked before the branch head was resolved) is
 * carried, and Ferry refuses to approve it as it refuses its own such reviews.
 */
export async function importProjectReviews(ctx: ImportContext, rows: GoployProjectReview[]) {
  await eachNewRow(ctx, 'project_review', rows, async (r) => {
    const project = await projectOf(ctx, 'project_review', r.id, r.project_id);
    if (!project) return undefined;
    const form = publishForm.safeParse({
      projectId: project.id,
      branch: r.branch,
      commit: r.commit_id,
    });
    if (!form.success) {
      return void ctx.report.refuse('project_review', r.id, firstProblem(form.error));
    }
    if (!(Object.values(ReviewState) as number[]).includes(r.state)) {
      return void ctx.report.refuse('project_review', r.id, 'state must be 0, 1 or 2');
    }
    const waiting = r.state === ReviewState.waiting;
    if (waiting && !form.data.commit && hasHistory(project.repo_type)) {
      ctx.report.note(
        'project_review',
        r.id,
        'names no commit: it cannot be approved in Ferry (reject it and ask for the deploy again)',
      );
    }
    const row = await ctx.tx
      .insertInto('project_review')
      .values({
        namespace_id: project.namespace_id,
        project_id: project.id,
        branch: form.data.branch,
        commit_id: form.data.commit,
        review_url: r.review_url.slice(0, 1000),
        state: r.state,
        reason: '',
        payload: JSON.stringify(form.data),
        deploy_token: '',
        ...authored(ctx, r),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}
