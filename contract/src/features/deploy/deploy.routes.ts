import { z } from 'zod';
import {
  idField,
  intField,
  optionalText,
  pagination,
  stringField,
  pagedList,
} from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { refNameProblem } from '../project/git-names.js';
import { customVariable } from '../project/project-fields.js';
import { projectRow } from '../project/project.routes.js';
import { DEPLOY_STAGES, JOB_STATUSES } from './deploy-constants.js';

const tokenField = stringField()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'must be a publish token');

/** A deploy card: goploy's fields (`publishExt` is the last deploy's commit info as JSON text). */
export const deployRow = projectRow
  .pick({
    id: true,
    name: true,
    repoType: true,
    transferType: true,
    url: true,
    label: true,
    publisherId: true,
    publisherName: true,
    environment: true,
    branch: true,
    symlinkPath: true,
    review: true,
    script: true,
    lastPublishToken: true,
    autoDeploy: true,
    deployState: true,
    updateTime: true,
    serverIds: true,
  })
  .extend({
    publishExt: z.string(),
    /** The running or oldest queued deploy of the project, '' when none. */
    activeToken: z.string(),
    activeStatus: z.enum([...JOB_STATUSES, '']),
    /** Deploys of the project waiting in the queue. */
    queued: z.number(),
    /** Publishes of the project waiting for a reviewer. */
    reviewCount: z.number(),
  });

/** GetAllDeployList (58) sees every project of the namespace; GetBindDeployList (59) its own. */
export const getList = route({
  method: 'GET',
  path: '/deploy/getList',
  access: anyOf(Perm.ShowDeployPage),
  input: z.object({}),
  output: z.object({ list: z.array(deployRow) }),
});

/** One stage (and server) of a deploy, goploy's `publish_trace` row. */
export const publishTraceRow = z.object({
  id: z.number(),
  token: z.string(),
  namespaceId: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  /** Filled for failed rows only, as goploy; the full text via getPublishTraceDetail. */
  detail: z.string(),
  state: z.number(),
  publisherId: z.number(),
  publisherName: z.string(),
  type: z.number(),
  ext: z.string(),
  serverId: z.number(),
  insertTime: z.string(),
  updateTime: z.string(),
});

export const getPublishTrace = route({
  method: 'GET',
  path: '/deploy/getPublishTrace',
  access: anyOf(Perm.DeployDetail),
  input: z.object({ lastPublishToken: tokenField }),
  output: z.object({ list: z.array(publishTraceRow) }),
});

export const getPublishTraceDetail = route({
  method: 'GET',
  path: '/deploy/getPublishTraceDetail',
  access: anyOf(Perm.DeployDetail),
  input: z.object({ id: idField }),
  output: z.object({ detail: z.string() }),
});

/** goploy's poll API: state 0 failed, 1 running, 2 finished; ours adds the job's status. */
export const getPublishProgress = route({
  method: 'GET',
  path: '/deploy/getPublishProgress',
  access: anyOf(Perm.DeployProject),
  input: z.object({ lastPublishToken: tokenField }),
  output: z.object({
    state: z.number(),
    stage: z.string(),
    message: z.string(),
    status: z.enum(JOB_STATUSES),
    ahead: z.number(),
    /** Ours: the stage running now (or the last one recorded), and since when (epoch ms, 0 if not running). */
    stageKey: z.enum(DEPLOY_STAGES),
    stageSince: z.number(),
  }),
});

/** The output of a deploy so far, line by line (the drawer's log before live lines arrive). */
export const getPublishLog = route({
  method: 'GET',
  path: '/deploy/getPublishLog',
  access: anyOf(Perm.DeployDetail, Perm.DeployProject),
  input: z.object({ token: tokenField }),
  output: z.object({
    lines: z.array(
      z.object({
        stage: z.string(),
        serverId: z.number(),
        line: z.string(),
        /** When the line was printed (epoch ms); absent from logs kept before it was recorded. */
        at: z.number().optional(),
      }),
    ),
    truncated: z.boolean(),
    /** Retention removed the full log (the trace rows keep each stage's output). */
    pruned: z.boolean(),
  }),
});

const dateRange = stringField()
  .trim()
  .regex(
    /^$|^\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?,\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?$/,
    'must be two dates "YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss"',
  )
  .optional()
  .default('');

export const previewRow = z.object({
  token: z.string(),
  projectId: z.number(),
  publisherId: z.number(),
  publisherName: z.string(),
  /** 1 succeeded, 0 failed (or cancelled, or still running: see `status`). */
  state: z.number(),
  /** The commit id, as goploy. */
  ext: z.string(),
  branch: z.string(),
  message: z.string(),
  tag: z.string(),
  status: z.enum(JOB_STATUSES),
  /** 'rollback' when this deploy re-linked an earlier release. */
  kind: z.enum(['publish', 'rollback']),
  /** Ours: its release is the one the servers run now (it cannot be rolled back to). */
  current: z.boolean(),
  insertTime: z.string(),
  updateTime: z.string(),
});

/** Deploy history of a project, newest first, with goploy's filters. */
export const getPreview = route({
  method: 'GET',
  path: '/deploy/getPreview',
  access: anyOf(Perm.DeployDetail),
  input: z.object({
    projectId: idField,
    userId: intField(0, 2_147_483_647).optional().default(0),
    state: intField(-1, 1).optional().default(-1),
    branch: optionalText(255),
    commit: optionalText(64),
    filename: optionalText(255),
    commitDate: dateRange,
    deployDate: dateRange,
    token: optionalText(64),
    ...pagination,
  }),
  output: pagedList(previewRow),
});

/** Ours: `cancel` stops a running deploy first; without it a running deploy is not reset. */
export const resetState = route({
  method: 'PUT',
  path: '/deploy/resetState',
  access: anyOf(Perm.DeployResetState),
  input: z.object({
    projectId: idField,
    cancel: z.boolean('must be true or false').optional().default(false),
  }),
  output: z.null(),
});

const branchField = stringField()
  .trim()
  .superRefine((v, ctx) => {
    const problem = v === '' ? undefined : refNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .optional()
  .default('');

const publishInput = z.object({
  projectId: idField,
  commit: stringField()
    .trim()
    .regex(
      /^$|^[0-9a-fA-F]{7,64}$|^r\d{1,10}$/,
      'must be a commit id, or a Subversion revision (r and its number)',
    )
    .optional()
    .default(''),
  branch: branchField,
  /** A subset of the bound servers (a grey deploy); empty means every bound server. */
  serverIds: z
    .array(idField, 'must be a list of server ids')
    .max(1000, 'has too many items')
    .optional()
    .default([]),
  customVariables: z
    .array(customVariable.pick({ name: true, value: true }), 'must be a list')
    .max(100, 'must hold at most 100 variables')
    .optional()
    .default([]),
});

const publishOutput = z.object({
  /** '' when the publish waits for a reviewer instead (goploy's answer then). */
  token: z.string(),
  /** Ours: the review the publish became, when the project needs one and the caller may not review. */
  reviewId: z.number().optional(),
  /** Deploys of the project ahead of this one (0: it starts now or when a slot frees). */
  ahead: z.number(),
});

export const publish = route({
  method: 'POST',
  path: '/deploy/publish',
  access: anyOf(Perm.DeployProject),
  input: publishInput,
  output: publishOutput,
});

export const greyPublish = route({
  method: 'POST',
  path: '/deploy/greyPublish',
  access: anyOf(Perm.GreyDeploy),
  input: publishInput,
  output: publishOutput,
});

/** Rollback: re-link the release of `token` where it exists, rebuild that commit elsewhere. */
export const rebuild = route({
  method: 'POST',
  path: '/deploy/rebuild',
  access: anyOf(Perm.DeployRollback),
  input: z.object({ token: tokenField }),
  output: z.object({ type: z.enum(['symlink', 'publish']), token: z.string() }),
});

/** Ours: stops a queued or running deploy for real. */
export const cancel = route({
  method: 'POST',
  path: '/deploy/cancel',
  access: anyOf(Perm.DeployProject, Perm.DeployResetState),
  input: z.object({ token: tokenField }),
  output: z.object({ status: z.enum(['cancelled', 'cancelling', 'finished']) }),
});
