import * as contract from '@ferry/contract';
import { logRoutes, type RouteDescriptor } from '@ferry/contract';
import { storedOperationData } from '../../core/http/operation-log-hook.js';
import { loginLogColumns } from '../auth/auth.api.js';
import { secretMask } from '../deploy/deploy.api.js';
import { sftpLogColumns } from '../sftp/sftp.api.js';
import type {
  GoployCronLog,
  GoployLoginLog,
  GoployOperationLog,
  GoploySftpLog,
} from './goploy-rows.js';
import { eachNewRow, firstProblem, goployTime, type ImportContext } from './import-context.js';

const sftpFilter = logRoutes.getSftpLogList.input;

/** goploy's `datetime` text as epoch milliseconds; the import's time when goploy kept none. */
export const loggedAt = (ctx: ImportContext, text: string | null) => goployTime(text) ?? ctx.now;

/**
 * The Ferry ids of a log row's namespace (0 stays 0), user and server (when it names one), or
 * why the row is dropped: the log pages name a member and a server by their ids alone.
 */
export function logOwners(
  ctx: ImportContext,
  row: { namespace_id: number; user_id: number; server_id?: number },
): { namespaceId: number; userId: number; serverId: number } | string {
  const namespaceId = row.namespace_id === 0 ? 0 : ctx.map.target('namespace', row.namespace_id);
  if (namespaceId === undefined)
    return `is in namespace ${row.namespace_id}, which was not imported`;
  const userId = ctx.map.target('user', row.user_id);
  if (userId === undefined) return `names user ${row.user_id}, which was not imported`;
  const serverId = row.server_id === undefined ? 0 : ctx.map.target('server', row.server_id);
  if (serverId === undefined) return `names server ${row.server_id}, which was not imported`;
  return { namespaceId, userId, serverId };
}

/** Sign-in attempts: the login log names the account, so every row is kept. */
export async function importLoginLogs(ctx: ImportContext, rows: GoployLoginLog[]) {
  await eachNewRow(ctx, 'login_log', rows, async (l) => {
    const row = await ctx.tx
      .insertInto('login_log')
      .values(
        loginLogColumns({
          account: l.account,
          ip: l.remote_addr,
          userAgent: l.user_agent,
          referer: l.referer,
          reason: l.reason,
          time: loggedAt(ctx, l.login_time),
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/**
 * The console's logged routes (all but GETs) by path: goploy's `api` is one of them, the wire API
 * being goploy's.
 */
const routesByPath = new Map<string, RouteDescriptor>(
  Object.entries(contract)
    .filter(([name, group]) => name.endsWith('Routes') && typeof group === 'object')
    .flatMap(([, group]) => Object.values(group as Record<string, unknown>))
    .filter((d): d is RouteDescriptor => typeof (d as RouteDescriptor | null)?.path === 'string')
    .filter((d) => d.method !== 'GET')
    .map((d) => [d.path, d]),
);

function jsonOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Operations, masked as the console's operation log masks its own (goploy kept request bodies
 * whole: passwords, tokens, notification addresses): the redaction list and the route's own
 * secret fields, then every password goploy knew (`secrets`), wherever it was written.
 */
export async function importOperationLogs(
  ctx: ImportContext,
  rows: GoployOperationLog[],
  secrets: readonly string[],
) {
  const mask = secretMask(secrets);
  /** Every text inside `value` masked: keys and the JSON around them stay as they are. */
  const masked = (value: unknown): unknown =>
    typeof value === 'string'
      ? mask(value)
      : Array.isArray(value)
        ? value.map(masked)
        : isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v)]))
          : value;
  await eachNewRow(ctx, 'operation_log', rows, async (o) => {
    const owners = logOwners(ctx, o);
    if (typeof owners === 'string') return void ctx.report.drop('operation_log', o.id, owners);
    const request = jsonOf(o.request_data);
    const { _query: query, ...body } = isObject(request) ? request : {};
    const given = [
      body,
      // goploy kept the query string as it came; the console keeps it as an object.
      typeof query === 'string'
        ? Object.fromEntries(new URLSearchParams(query))
        : isObject(query)
          ? query
          : {},
      jsonOf(o.response_data),
    ];
    const clean = given.map(masked) as [Record<string, unknown>, Record<string, unknown>, unknown];
    if (JSON.stringify(given) !== JSON.stringify(clean)) {
      ctx.report.note('operation_log', o.id, 'held a password goploy knew, in clear: masked');
    }
    const [cleanBody, cleanQuery, answer] = clean;
    const stored = storedOperationData(
      routesByPath.get(o.api),
      cleanBody,
      cleanQuery,
      answer === undefined || answer === null ? '' : JSON.stringify(answer),
    );
    const row = await ctx.tx
      .insertInto('operation_log')
      .values({
        user_id: owners.userId,
        namespace_id: owners.namespaceId,
        router: o.router.slice(0, 255),
        api: o.api.slice(0, 255),
        request_time: loggedAt(ctx, o.request_time),
        request_data: stored.requestData,
        response_time: loggedAt(ctx, o.response_time ?? o.request_time),
        response_data: stored.responseData,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/** File-manager actions: succeeded when goploy kept no reason, as the console's own. */
export async function importSftpLogs(ctx: ImportContext, rows: GoploySftpLog[]) {
  await eachNewRow(ctx, 'sftp_log', rows, async (f) => {
    const owners = logOwners(ctx, f);
    if (typeof owners === 'string') return void ctx.report.drop('sftp_log', f.id, owners);
    // The SFTP log's own rule for an action (its filter's), as the console reads the rows.
    const form = sftpFilter.safeParse({ type: f.type });
    if (!form.success || !form.data.type) {
      return void ctx.report.refuse(
        'sftp_log',
        f.id,
        form.success ? 'type is required' : firstProblem(form.error),
      );
    }
    const { type } = form.data;
    const row = await ctx.tx
      .insertInto('sftp_log')
      .values(
        sftpLogColumns({
          ...owners,
          remoteAddr: f.remote_addr,
          userAgent: f.user_agent,
          type,
          path: f.path,
          reason: f.reason,
          detail: '',
          insertTime: loggedAt(ctx, f.insert_time),
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/**
 * Runs of cron jobs: the console's run history holds goploy's columns, its run ending at
 * goploy's report time (goploy kept no start: the run reads as taking no time).
 */
export async function importCronLogs(ctx: ImportContext, rows: GoployCronLog[]) {
  await eachNewRow(ctx, 'cron_log', rows, async (c) => {
    const cronId = ctx.map.target('cron', c.cron_id);
    const serverId = ctx.map.target('server', c.server_id);
    if (cronId === undefined || serverId === undefined) {
      return void ctx.report.drop(
        'cron_log',
        c.id,
        `is a run of cron job ${c.cron_id}, which was not imported`,
      );
    }
    const at = loggedAt(ctx, c.report_time);
    const row = await ctx.tx
      .insertInto('cron_log')
      .values({
        cron_id: cronId,
        server_id: serverId,
        // Never a run record's name (`<job>-<start>-<pid>.run`), so unique on the server.
        run_key: `goploy-${c.id}`,
        exec_code: c.exec_code,
        message: c.message,
        start_time: at,
        report_time: at,
        duration_ms: 0,
        skipped: 0,
        insert_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}
