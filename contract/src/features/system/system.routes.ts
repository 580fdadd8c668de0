import { z } from 'zod';
import { route } from '../../route.js';

/**
 * For a load balancer: the process answers. Public and cheap (no database), never logged.
 * Ours; goploy has none.
 */
export const healthz = route({
  method: 'GET',
  path: '/healthz',
  access: 'public',
  input: z.object({}),
  output: z.object({ status: z.literal('ok') }),
});

/**
 * For a load balancer: the console may take traffic (database reachable, schema current, not
 * draining). HTTP 503 with the same fields otherwise. Public, one small query.
 */
export const readyz = route({
  method: 'GET',
  path: '/readyz',
  access: 'public',
  input: z.object({}),
  output: z.object({
    ready: z.boolean(),
    database: z.enum(['ok', 'unreachable']),
    schema: z.enum(['current', 'behind', 'ahead', 'unknown']),
    draining: z.boolean(),
  }),
});

export const consoleNode = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number(),
  version: z.string(),
  startTime: z.string(),
  lastSeenTime: z.string(),
  /** Heard from within the last 30 s. */
  up: z.boolean(),
  draining: z.boolean(),
  /** The console answering this request. */
  self: z.boolean(),
  /**
   * Its deploy logs and terminal recordings are readable through the console answering: the two
   * share one `FERRY_SHARED_DIR` (always true of the console answering).
   */
  sharedFiles: z.boolean(),
  running: z.array(z.object({ kind: z.string(), token: z.string(), startTime: z.string() })),
});

/** The consoles sharing this database and what each runs: super managers only. Ours. */
export const getConsoleList = route({
  method: 'GET',
  path: '/system/getConsoleList',
  access: 'user',
  input: z.object({}),
  output: z.object({ list: z.array(consoleNode) }),
});
