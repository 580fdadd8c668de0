import { z } from 'zod';
import { idField, stringField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { CRONTAB_LINE_KINDS } from './cron-constants.js';
import { cronFence } from './cron.routes.js';

/** One line of a crontab as the Crontab UI shows it. */
export const crontabLine = z.object({
  /** From 1. */
  lineNo: z.number(),
  text: z.string(),
  kind: z.enum(CRONTAB_LINE_KINDS),
  /** A job's or managed line's schedule; '' for other kinds. */
  expression: z.string(),
  /** A job's command as cron runs it; for a managed line the job's own command. */
  command: z.string(),
  /** The user field of a system crontab's job; '' elsewhere. */
  runAs: z.string(),
  /** A managed line's job id; 0 when it is another namespace's job (or for other kinds). */
  cronId: z.number(),
});
export type CrontabLine = z.output<typeof crontabLine>;

/** A crontab the SSH user may read. */
export const crontabSource = z.object({
  /** 'crontab', 'crontab:<user>', '/etc/crontab' or '/etc/cron.d/<name>'. */
  source: z.string(),
  user: z.string(),
  /** Only the SSH user's own crontab is written by Ferry. */
  editable: z.boolean(),
  lines: z.array(crontabLine),
});
export type CrontabSource = z.output<typeof crontabSource>;

/** The whole crontab of a server, for the Crontab UI. */
export const getCrontab = route({
  method: 'GET',
  path: '/cron/getCrontab',
  access: anyOf(Perm.ShowCronPage),
  input: z.object({ serverId: idField }),
  output: z.object({
    user: z.string(),
    /** Of the user's crontab as read; an import sends it back. */
    checksum: z.string(),
    fence: cronFence.extend({
      /** The block Ferry last wrote (its lines between the markers). */
      expected: z.string(),
      /** The block now. */
      current: z.string(),
    }),
    sources: z.array(crontabSource),
  }),
});

/** Chosen job lines outside the block become managed jobs, moved into it in one write. */
export const importLines = route({
  method: 'POST',
  path: '/cron/import',
  access: anyOf(Perm.AddCron),
  input: z.object({
    serverId: idField,
    lineNos: z
      .array(idField, 'must be a list of line numbers')
      .min(1, 'must not be empty')
      .max(1000, 'must be at most 1000 lines'),
    checksum: stringField().regex(/^[0-9a-f]{64}$/, 'must be the checksum getCrontab answered'),
  }),
  output: z.object({ ids: z.array(z.number()) }),
});

/** goploy's route (it answered nothing): each non-comment, non-blank line of the user's crontab. */
export const getRemoteCrontabList = route({
  method: 'GET',
  path: '/server/getRemoteCrontabList',
  access: anyOf(Perm.ShowServerProcessPage),
  input: z.object({ serverId: idField }),
  output: z.object({ list: z.array(z.string()) }),
});
