import { z } from 'zod';
import {
  idField,
  intField,
  isLineText,
  isLinesText,
  LINE_TEXT_RULE,
  optionalText,
  pagination,
  stringField,
} from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { httpUrlField } from '../project/project-fields.js';
import { NOTIFY_USES } from './notification-data.js';
import { templateProblem } from './template.js';

export const notificationTemplateRow = z.object({
  id: z.number(),
  /** 1 WeCom, 2 DingTalk, 3 Feishu. */
  type: z.number(),
  useBy: z.enum(NOTIFY_USES),
  title: z.string(),
  template: z.string(),
  insertTime: z.string(),
  updateTime: z.string(),
});

/** goploy's route: the namespace's templates, one per channel and use. */
export const getList = route({
  method: 'GET',
  path: '/notification/getList',
  access: anyOf(Perm.ShowNotificationPage),
  input: z.object({}),
  output: z.object({ list: z.array(notificationTemplateRow) }),
});

/**
 * A template that parses, or 10003 naming the line and column of its first problem. A title is
 * one line; a text may have several. Neither holds other control characters or bidirectional
 * overrides (a message that reads otherwise than it is stored), as names do not.
 */
const templateText = (max: number, lines: 'one' | 'many') =>
  stringField()
    .max(max, `must be at most ${max} characters`)
    .superRefine((text, ctx) => {
      if (text.trim() === '') {
        ctx.addIssue({ code: 'custom', message: 'must not be empty' });
        return;
      }
      if (!(lines === 'one' ? isLineText : isLinesText)(text)) {
        ctx.addIssue({ code: 'custom', message: LINE_TEXT_RULE });
        return;
      }
      const problem = templateProblem(text);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: `has a problem at line ${problem.line}, column ${problem.column}: ${problem.message}`,
        });
      }
    });

export const edit = route({
  method: 'PUT',
  path: '/notification/edit',
  access: anyOf(Perm.EditNotification),
  input: z.object({
    id: idField,
    title: templateText(500, 'one'),
    template: templateText(10_000, 'many'),
  }),
  output: z.null(),
});

/** Ours: puts a template back to the text a namespace starts with. */
export const reset = route({
  method: 'PUT',
  path: '/notification/reset',
  access: anyOf(Perm.EditNotification),
  input: z.object({ id: idField }),
  output: notificationTemplateRow,
});

export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;

export const deliveryRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  useBy: z.string(),
  subject: z.string(),
  /** 1 WeCom, 2 DingTalk, 3 Feishu, 255 custom webhook. */
  channel: z.number(),
  /** The host of the address; its path and query (tokens) are never shown. */
  targetHost: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number(),
  lastError: z.string(),
  creator: z.string(),
  insertTime: z.string(),
  nextAttemptTime: z.string(),
  sentTime: z.string(),
});

const deliveryFilter = {
  projectId: intField(0, 2_147_483_647).optional().default(0),
  channel: z.preprocess((v) => (v === '' ? undefined : v), intField(0, 255).optional()).default(0),
  state: z
    .enum(['', ...DELIVERY_STATES])
    .optional()
    .default(''),
  subject: optionalText(255),
};

/** Ours: the namespace's messages, newest first (a project's with projectId). */
export const getDeliveryList = route({
  method: 'GET',
  path: '/notification/getDeliveryList',
  access: anyOf(Perm.ShowNotificationPage, Perm.EditProject),
  input: z.object({ ...deliveryFilter, ...pagination }),
  output: z.object({ list: z.array(deliveryRow) }),
});

export const getDeliveryTotal = route({
  method: 'GET',
  path: '/notification/getDeliveryTotal',
  access: anyOf(Perm.ShowNotificationPage, Perm.EditProject),
  input: z.object(deliveryFilter),
  output: z.object({ total: z.number() }),
});

export const attemptRow = z.object({
  attempt: z.number(),
  httpStatus: z.number(),
  /** "ok", "http_<status>", the channel's error code, or "unreachable". */
  code: z.string(),
  message: z.string(),
  durationMs: z.number(),
  time: z.string(),
});

/** Ours: every try of one message. */
export const getDeliveryAttempts = route({
  method: 'GET',
  path: '/notification/getDeliveryAttempts',
  access: anyOf(Perm.ShowNotificationPage, Perm.EditProject),
  input: z.object({ id: idField }),
  output: z.object({ list: z.array(attemptRow) }),
});

/** Ours: sends a message again, as a new delivery with fresh tries. */
export const resend = route({
  method: 'POST',
  path: '/notification/resend',
  access: anyOf(Perm.EditNotification, Perm.EditProject),
  input: z.object({ id: idField }),
  output: z.object({ id: z.number() }),
});

/**
 * Ours: a test message to a channel from the project form. An empty `notifySecret` with a
 * `projectId` uses the project's stored secret.
 */
export const sendTest = route({
  method: 'POST',
  path: '/notification/sendTest',
  access: anyOf(Perm.AddProject, Perm.EditProject),
  input: z.object({
    projectId: intField(0, 2_147_483_647).optional().default(0),
    notifyType: intField(1, 255).refine(
      (n) => [1, 2, 3, 255].includes(n),
      'must be one of 1, 2, 3, 255',
    ),
    notifyTarget: httpUrlField.refine((v) => v !== '', 'must not be empty'),
    notifySecret: optionalText(512),
  }),
  output: z.object({ id: z.number() }),
});
