import { z } from 'zod';
import {
  flagField,
  idField,
  intField,
  optionalLine,
  pagination,
  stringField,
} from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { notifyFields, notifyProblem } from '../monitor/monitor.routes.js';
import {
  CRON_FENCE_STATES,
  CRON_LOG_LEVELS,
  CRON_RESOLUTIONS,
  MAX_CRON_DESCRIPTION_CHARS,
  cronCommandProblem,
  cronExpressionProblem,
  normalizeCronExpression,
} from './cron-constants.js';

/**
 * Five fields or a macro, or goploy's six fields (seconds 0): stored as sent, its fields split by
 * one space; the crontab gets `crontabExpressionOf` it.
 */
export const cronExpressionField = stringField()
  .superRefine((v, ctx) => {
    const problem = cronExpressionProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeCronExpression);

/** One line of 1..1000 characters, stored and written literally: never run by the console. */
export const cronCommandField = stringField().superRefine((v, ctx) => {
  const problem = cronCommandProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const resolveField = z
  .enum(CRON_RESOLUTIONS, `must be one of ${CRON_RESOLUTIONS.join(', ')}`)
  .optional();

/** The form of a job (goploy's fields, plus ours: state, notification, resolution). */
const jobFields = {
  expression: cronExpressionField,
  command: cronCommandField,
  singleMode: flagField.optional().default(0),
  logLevel: intField(0, 2).optional().default(0),
  description: optionalLine(MAX_CRON_DESCRIPTION_CHARS),
  state: flagField.optional().default(1),
  ...notifyFields,
  /** How a hand edit of the block is resolved; absent: the write is refused with `crontab_edited`. */
  resolve: resolveField,
};

const withNotifyProblem = <T extends z.ZodType<{ notifyType: number; notifyTarget: string }>>(
  schema: T,
) =>
  schema.superRefine((v, ctx) => {
    const problem = notifyProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });

/** The last run of a job recorded, null before the first. */
const lastRun = z
  .object({
    execCode: z.number(),
    skipped: z.boolean(),
    startTime: z.string(),
    durationMs: z.number(),
  })
  .nullable();

/** goploy's `cron` row, plus ours: the notification and the last run. */
export const cronRow = z.object({
  id: z.number(),
  serverId: z.number(),
  /** As it was sent (goploy's app sends six fields and shows them back). */
  expression: z.string(),
  /** Ours: the five fields or macro of its crontab line, which the console shows. */
  crontabExpression: z.string(),
  command: z.string(),
  singleMode: z.number(),
  /** 0 none, 1 stdout, 2 stdout and stderr. */
  logLevel: z.union(CRON_LOG_LEVELS.map((n) => z.literal(n))),
  description: z.string(),
  /** 1 enabled (in the crontab), 0 disabled (kept in the console only). */
  state: z.number(),
  notifyType: z.number(),
  /** The address with its secret parts masked (`maskNotifyTarget`). */
  notifyTarget: z.string(),
  creator: z.string(),
  editor: z.string(),
  insertTime: z.string(),
  updateTime: z.string(),
  lastRun,
});
export type CronRow = z.output<typeof cronRow>;

/** How Ferry's block in the server's crontab stands. */
export const cronFence = z.object({
  state: z.enum(CRON_FENCE_STATES),
  /** The user whose crontab holds the block (the server's SSH user). */
  user: z.string(),
  /** '' or why the crontab could not be read. */
  error: z.string(),
});
export type CronFence = z.output<typeof cronFence>;

/** goploy's `cron_log` row, plus ours: when the run started, how long it took, whether it was skipped. */
export const cronLogRow = z.object({
  id: z.number(),
  cronId: z.number(),
  serverId: z.number(),
  execCode: z.number(),
  /** The output kept (per the job's log level), capped with a mark. */
  message: z.string(),
  /** When the run ended. */
  reportTime: z.string(),
  insertTime: z.string(),
  startTime: z.string(),
  durationMs: z.number(),
  /** Single mode skipped this run: the previous one still ran. */
  skipped: z.boolean(),
});
export type CronLogRow = z.output<typeof cronLogRow>;

/** goploy's route: the namespace's jobs on a server it may use, and how its block stands. */
export const getList = route({
  method: 'POST',
  path: '/cron/getList',
  access: anyOf(Perm.ShowCronPage),
  input: z.object({ serverId: idField }),
  output: z.object({ list: z.array(cronRow), fence: cronFence }),
});

/**
 * goploy's route: a job's runs, newest first. The server's new run records are read first (a
 * bounded wait); when it cannot be reached the stored runs are answered with `syncError`.
 */
export const getLogs = route({
  method: 'GET',
  path: '/cron/getLogs',
  access: anyOf(Perm.ShowCronPage),
  input: z.object({ serverId: idField, cronId: idField, ...pagination }),
  output: z.object({ list: z.array(cronLogRow), total: z.number(), syncError: z.string() }),
});

/** goploy's route: a job on a server of the caller's namespace (or a shared one), written at once. */
export const add = route({
  method: 'POST',
  path: '/cron/add',
  access: anyOf(Perm.AddCron),
  input: withNotifyProblem(z.object({ serverId: idField, ...jobFields })),
  output: z.object({ id: z.number() }),
});

/** goploy's route: the whole form again; the job keeps its server. */
export const edit = route({
  method: 'PUT',
  path: '/cron/edit',
  access: anyOf(Perm.EditCron),
  input: withNotifyProblem(z.object({ id: idField, serverId: idField.optional(), ...jobFields })),
  output: z.null(),
});

/**
 * Ours: the job's notification address in full (answers show it masked), for whoever may edit
 * the job. A POST, so the operation log records who read it (the address as `***`).
 */
export const showNotifyTarget = route({
  method: 'POST',
  path: '/cron/showNotifyTarget',
  access: anyOf(Perm.EditCron),
  input: z.object({ id: idField }),
  output: z.object({ notifyTarget: z.string() }),
  secretOutput: true,
});

/** Ours: enables (written into the block) or disables (taken out of it) a job. */
export const toggle = route({
  method: 'PUT',
  path: '/cron/toggle',
  access: anyOf(Perm.EditCron),
  input: z.object({ id: idField, state: flagField, resolve: resolveField }),
  output: z.null(),
});

/** goploy's route: the job and its runs; its line leaves the block at once. */
export const remove = route({
  method: 'DELETE',
  path: '/cron/remove',
  access: anyOf(Perm.DeleteCron),
  input: z.object({ id: idField, resolve: resolveField }),
  output: z.null(),
});

/** Ours: copies a job to several servers, each written on its own; a failure names its reason. */
export const bind = route({
  method: 'POST',
  path: '/cron/bind',
  access: anyOf(Perm.AddCron),
  input: z.object({
    id: idField,
    serverIds: z
      .array(idField, 'must be a list of server ids')
      .min(1, 'must not be empty')
      .max(100, 'must be at most 100 servers'),
  }),
  output: z.object({
    list: z.array(z.object({ serverId: z.number(), id: z.number(), error: z.string() })),
  }),
});
