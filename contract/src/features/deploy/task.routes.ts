import { z } from 'zod';
import {
  authorFields,
  idField,
  optionalText,
  pagedList,
  pagination,
  stringField,
} from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { refNameProblem } from '../project/git-names.js';

/** goploy's project_task row, plus the repeating schedule and what its last run did. */
export const taskRow = z.object({
  id: z.number(),
  projectId: z.number(),
  branch: z.string(),
  /** The commit to deploy; '' deploys the branch's head at run time. */
  commit: z.string(),
  /** A one-off task's time, `YYYY-MM-DD HH:mm:ss`; '' for a repeating one. */
  date: z.string(),
  /** 1 active, 0 removed. */
  state: z.number(),
  /** 1 once a one-off task has run. */
  isRun: z.number(),
  ...authorFields,
  /** Ours: a five-field cron expression (or a macro such as `@daily`); '' for a one-off task. */
  cron: z.string(),
  /** Ours: when it runs next; '' when it will not run again. */
  nextRun: z.string(),
  lastRun: z.string(),
  /** Ours: the last run started well after its time (the console was down then). */
  late: z.number(),
  /** Ours: the deploy the last run started ('' when none). */
  lastToken: z.string(),
  /** Ours: a `TaskResult` ('' before the first run). */
  lastResult: z.string(),
  /**
   * Ours: why the last run deployed nothing: `task_removed`, `project_removed` or
   * `creator_not_allowed` (the browser words them), or the server's words when the deploy could
   * not start.
   */
  lastError: z.string(),
});

/** goploy's route: a project's tasks, newest first, with goploy's pagination object. */
export const getTaskList = route({
  method: 'GET',
  path: '/project/getTaskList',
  access: anyOf(Perm.DeployTask),
  input: z.object({ id: idField, ...pagination }),
  output: pagedList(taskRow),
});

/**
 * goploy's route: a deploy of `branch` (at `commit`, or its head when empty) at `date`; ours: or
 * repeating on `cron`, when `date` may be empty (the first run is the next the expression names).
 */
export const addTask = route({
  method: 'POST',
  path: '/project/addTask',
  access: anyOf(Perm.DeployTask),
  input: z.object({
    projectId: idField,
    branch: stringField()
      .trim()
      .superRefine((v, ctx) => {
        const problem = refNameProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    commit: stringField()
      .trim()
      .regex(
        /^$|^[0-9a-fA-F]{7,40}$|^r\d{1,10}$/,
        'must be a commit id (7 to 40 hexadecimal digits) or a Subversion revision (r and its number)',
      )
      .optional()
      .default(''),
    date: stringField()
      .trim()
      .regex(/^$|^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be a time as YYYY-MM-DD HH:mm:ss')
      .optional()
      .default(''),
    cron: optionalText(100),
  }),
  output: z.object({ id: z.number() }),
});

/** goploy's route: a soft delete; a removed task never runs. */
export const removeTask = route({
  method: 'DELETE',
  path: '/project/removeTask',
  access: anyOf(Perm.DeployTask),
  input: z.object({ id: idField }),
  output: z.null(),
});
