import { cronRoutes, monitorRoutes, MonitorType, warningRuleRoutes } from '@ferry/contract';
import { AppError } from '../../core/errors.js';
import { cronColumnsOf } from '../cron/cron.api.js';
import { ruleColumnsOf } from '../metrics/metrics.api.js';
import { monitorColumnsOf, newMonitorState } from '../monitor/monitor.api.js';
import type { GoployCron, GoployMonitor, GoployServerMonitor } from './goploy-rows.js';
import { eachNewRow, firstProblem, type ImportContext } from './import-context.js';

const monitorForm = monitorRoutes.add.input;
const ruleForm = warningRuleRoutes.addMonitor.input;
const cronForm = cronRoutes.add.input;

/** The columns `make` builds, or undefined when it refuses the row (a masked address): reported. */
function columnsOrRefuse<T>(ctx: ImportContext, table: string, id: number, make: () => T) {
  try {
    return make();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.report.refuse(table, id, err.message);
    return undefined;
  }
}

const serverNamespace = async (ctx: ImportContext, serverId: number) =>
  (
    await ctx.tx
      .selectFrom('server')
      .select('namespace_id')
      .where('id', '=', serverId)
      .executeTakeFirstOrThrow()
  ).namespace_id;

/**
 * The Ferry server of a rule or a job, and the namespace it takes from it: goploy keeps rules and
 * jobs per server, Ferry per namespace and server. Dropped (with the reason) when the server was
 * not imported, or when it is shared by every namespace: a Ferry rule or job belongs to one.
 */
async function ownerServer(ctx: ImportContext, table: string, id: number, goployServer: number) {
  const serverId = ctx.map.target('server', goployServer);
  if (serverId === undefined) {
    ctx.report.drop(table, id, `is on server ${goployServer}, which was not imported`);
    return undefined;
  }
  const namespaceId = await serverNamespace(ctx, serverId);
  if (namespaceId === 0) {
    ctx.report.drop(
      table,
      id,
      `is on server ${goployServer}, shared by every namespace: Ferry keeps it in one namespace, add it again in the one that uses it`,
    );
    return undefined;
  }
  return { serverId, namespaceId };
}

/**
 * A goploy monitor with the rules of `/monitor/add`, its servers (process and script items, the
 * success and fail script servers) mapped, its address sealed. goploy ran the scripts after every
 * check, which Ferry's "always" flags keep. A paused monitor stays paused; an enabled one is due at
 * once, so the console checks it as soon as it starts. goploy's last alerted error is kept.
 */
export async function importMonitors(ctx: ImportContext, rows: GoployMonitor[]) {
  await eachNewRow(ctx, 'monitor', rows, async (m) => {
    const namespaceId = ctx.map.target('namespace', m.namespace_id);
    if (namespaceId === undefined) {
      return void ctx.report.drop(
        'monitor',
        m.id,
        `is in namespace ${m.namespace_id}, which was not imported`,
      );
    }
    const form = monitorForm.safeParse({
      name: m.name,
      type: m.type,
      target: m.target,
      second: m.second,
      times: m.times,
      silentCycle: m.silent_cycle,
      notifyType: m.notify_type,
      notifyTarget: m.notify_target,
      description: m.description,
      successServerId: m.success_server_id,
      successScript: m.success_script,
      successScriptAlways: m.success_script.trim() ? 1 : 0,
      failServerId: m.fail_server_id,
      failScript: m.fail_script,
      failScriptAlways: m.fail_script.trim() ? 1 : 0,
    });
    if (!form.success) return void ctx.report.refuse('monitor', m.id, firstProblem(form.error));
    // goploy's server ids (0 follows the item's server) become Ferry's.
    const byItem = form.data.type === MonitorType.process || form.data.type === MonitorType.script;
    const named = [
      ...(byItem ? form.data.target.items.map(Number) : []),
      form.data.successServerId,
      form.data.failServerId,
    ].filter((id) => id !== 0);
    const ferry = new Map<number, number>();
    for (const goployId of new Set(named)) {
      const serverId = ctx.map.target('server', goployId);
      if (serverId === undefined) {
        return void ctx.report.drop(
          'monitor',
          m.id,
          `names server ${goployId}, which was not imported`,
        );
      }
      const ns = await serverNamespace(ctx, serverId);
      if (ns !== 0 && ns !== namespaceId) {
        return void ctx.report.refuse(
          'monitor',
          m.id,
          `names server ${goployId} of another namespace`,
        );
      }
      ferry.set(goployId, serverId);
    }
    const serverOf = (id: number) => ferry.get(id) ?? 0;
    const mapped = {
      ...form.data,
      target: {
        ...form.data.target,
        items: byItem
          ? form.data.target.items.map((i) => String(serverOf(Number(i))))
          : form.data.target.items,
      },
      successServerId: serverOf(form.data.successServerId),
      failServerId: serverOf(form.data.failServerId),
    };
    const columns = columnsOrRefuse(ctx, 'monitor', m.id, () =>
      monitorColumnsOf(mapped, ctx.targets),
    );
    if (!columns) return;
    if (columns.notify_target) ctx.report.secret('monitor', m.id, 'notify_target');
    const row = await ctx.tx
      .insertInto('monitor')
      .values({
        namespace_id: namespaceId,
        ...columns,
        ...newMonitorState(m.state === 0 ? 0 : 1, ctx.now),
        error_content: m.error_content.slice(0, 4096),
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/**
 * A goploy server warning rule with the rules of `/server/addMonitor`, in its server's namespace,
 * its address sealed; its evaluation starts with the first whole window after the import.
 * goploy's silent cycle is carried as the minutes its form asks for (goploy counted evaluations).
 */
export async function importWarningRules(ctx: ImportContext, rows: GoployServerMonitor[]) {
  await eachNewRow(ctx, 'server_monitor', rows, async (r) => {
    const owner = await ownerServer(ctx, 'server_monitor', r.id, r.server_id);
    if (!owner) return;
    const form = ruleForm.safeParse({
      serverId: owner.serverId,
      item: r.item,
      formula: r.formula,
      operator: r.operator,
      value: r.value,
      groupCycle: r.group_cycle,
      lastCycle: r.last_cycle,
      silentCycle: r.silent_cycle,
      // goploy's columns default to '': the whole day, as its evaluation reads them.
      startTime: r.start_time || undefined,
      endTime: r.end_time || undefined,
      notifyType: r.notify_type,
      notifyTarget: r.notify_target,
    });
    if (!form.success) {
      return void ctx.report.refuse('server_monitor', r.id, firstProblem(form.error));
    }
    const columns = columnsOrRefuse(ctx, 'server_monitor', r.id, () =>
      ruleColumnsOf(form.data, ctx.now, ctx.targets),
    );
    if (!columns) return;
    if (columns.notify_target) ctx.report.secret('server_monitor', r.id, 'notify_target');
    const row = await ctx.tx
      .insertInto('server_warning_rule')
      .values({
        ...columns,
        namespace_id: owner.namespaceId,
        server_id: owner.serverId,
        creator_id: 0,
        creator: '',
        insert_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
}

/**
 * A goploy cron job with the rules of `/cron/add`, in its server's namespace, imported disabled:
 * goploy-agent ran it, Ferry writes enabled jobs into the server's crontab, and the import touches
 * no server. Enabling it in Ferry writes it there. A seconds field other than 0 is refused (a
 * crontab runs a job at most once a minute).
 */
export async function importCrons(ctx: ImportContext, rows: GoployCron[]) {
  await eachNewRow(ctx, 'cron', rows, async (c) => {
    const owner = await ownerServer(ctx, 'cron', c.id, c.server_id);
    if (!owner) return;
    const form = cronForm.safeParse({
      serverId: owner.serverId,
      expression: c.expression,
      command: c.command,
      singleMode: c.single_mode === 1 ? 1 : 0,
      logLevel: c.log_level,
      description: c.description,
      state: 0,
    });
    if (!form.success) return void ctx.report.refuse('cron', c.id, firstProblem(form.error));
    ctx.report.note(
      'cron',
      c.id,
      c.state === 0
        ? 'was disabled in goploy: it stays disabled'
        : "ran under goploy-agent: enable it in Ferry to write it to the server's crontab",
    );
    const row = await ctx.tx
      .insertInto('cron')
      .values({
        namespace_id: owner.namespaceId,
        server_id: owner.serverId,
        ...cronColumnsOf(form.data, ''),
        creator_id: 0,
        creator: c.creator.slice(0, 255),
        editor_id: 0,
        editor: c.editor.slice(0, 255),
        insert_time: ctx.now,
        update_time: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  });
}
