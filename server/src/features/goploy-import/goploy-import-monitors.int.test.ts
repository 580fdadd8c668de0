import {
  CRON_SECONDS_RULE,
  maskNotifyTarget,
  type CronRow,
  type MonitorRow,
  type WarningRuleRow,
} from '@ferry/contract';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMariadb } from '../../../../scripts/mariadb-server.mjs';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  createGoployDatabase,
  seedGoploy,
  type GoployFixture,
} from '../../../test/goploy-fixture.js';
import {
  changeGoploy,
  counted,
  rowCounts,
  runImport,
  testBox,
} from '../../../test/goploy-import-run.js';
import { startSite, type Site } from '../../../test/monitor-fixtures.js';
import { sharedMariadb, uniqueDatabaseName } from '../../../test/shared-mariadb.js';
import { isSealed } from '../../core/crypto.js';

const box = testBox;
const FERRY_TABLES = ['monitor', 'server_warning_rule', 'cron', 'goploy_import'] as const;

interface Addresses {
  monitors: Map<number, string>;
  rules: Map<number, string>;
}

let maria: TestMariadb;
beforeAll(async () => {
  maria = await sharedMariadb();
}, 120_000);

const ferryCounts = (t: TestApp) => rowCounts(t, FERRY_TABLES);

/** The notification addresses goploy stored in plain text, by row id. */
async function goployAddresses(goployUrl: string): Promise<Addresses> {
  const conn = await mysql.createConnection({ uri: goployUrl });
  try {
    const read = async (table: string) => {
      const [rows] = await conn.query(`select id, notify_target from ${table}`);
      const list = rows as { id: number; notify_target: string }[];
      return new Map(list.map((r) => [r.id, r.notify_target]));
    };
    return { monitors: await read('monitor'), rules: await read('server_monitor') };
  } finally {
    await conn.end();
  }
}

describe('importing goploy monitors, warning rules and cron jobs', { timeout: 30_000 }, () => {
  let t: TestApp;
  let fx: GoployFixture;
  let site: Site;
  let goployUrl: string;
  let addresses: Addresses;
  let ns: number;

  beforeAll(async () => {
    site = await startSite();
    goployUrl = await createGoployDatabase(maria.url, uniqueDatabaseName('goploy_monitors'));
    fx = await seedGoploy(goployUrl, { monitorUrl: site.url('/health') });
    addresses = await goployAddresses(goployUrl);
    // The scheduler's own ticker is slowed down: the test checks due monitors when it says so.
    t = await buildTestApp({}, { monitorEngine: { tickMs: 3_600_000 } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const monitorNamed = (name: string) =>
    t.db.selectFrom('monitor').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  it('carries monitors, warning rules and cron jobs field by field, addresses sealed', async () => {
    const r = await runImport(t, goployUrl);
    expect(r.refusals).toEqual([]);
    expect(r.written).toBe(true);
    expect(counted(r, 'monitor')).toMatchObject({ read: 3, imported: 3 });
    expect(counted(r, 'server_monitor')).toMatchObject({ read: 2, imported: 2 });
    expect(counted(r, 'cron')).toMatchObject({ read: 2, imported: 2 });
    const notCarried = r.notCarried.map((n) => n.table);
    expect(notCarried).toContain('cron_log');
    expect(notCarried.filter((n) => ['monitor', 'server_monitor', 'cron'].includes(n))).toEqual([]);
    /** The Ferry id a goploy row became, as the import map says. */
    const ferryId = (table: string, goployId: number) =>
      t.db
        .selectFrom('goploy_import')
        .select('target_id')
        .where('source_table', '=', table)
        .where('source_id', '=', goployId)
        .executeTakeFirstOrThrow()
        .then((x) => Number(x.target_id));
    const server = (goployId: number) => ferryId('server', goployId);
    ns = await ferryId('namespace', fx.namespaces.goploy);
    const web01 = await server(1);

    const http = await monitorNamed('web home page');
    expect(http).toMatchObject({
      namespace_id: ns,
      type: 1,
      second: 10,
      times: 1,
      silent_cycle: 10,
      description: 'The public site answers',
      notify_type: 255,
      notify_times: 0,
      state: 1,
      status: 'unknown',
      next_check: t.clock.now(),
      error_content: '',
    });
    expect(JSON.parse(http.target)).toMatchObject({ items: [site.url('/health')], timeout: 5 });
    expect(isSealed(http.notify_target)).toBe(true);
    expect(box.open(http.notify_target)).toBe(addresses.monitors.get(fx.monitors.http));

    // Paused in goploy after it alerted: paused here, its last alert kept.
    const tcp = await monitorNamed('db port');
    expect(tcp).toMatchObject({
      type: 2,
      second: 60,
      times: 3,
      state: 0,
      status: 'paused',
      next_check: 0,
      error_content: 'dial tcp 10.0.1.12:3306: i/o timeout',
    });
    expect(JSON.parse(tcp.target)).toMatchObject({ items: ['10.0.1.12:3306'], timeout: 3 });
    expect(box.open(tcp.notify_target)).toBe(addresses.monitors.get(fx.monitors.tcp));

    // goploy's server ids become Ferry's; its scripts ran after every check, as "always" does.
    const script = await monitorNamed('disk space');
    expect(script).toMatchObject({
      type: 5,
      second: 300,
      times: 2,
      success_server_id: web01,
      success_script: 'echo "$(date) disk ok" >> /tmp/goploy-disk.log',
      success_script_always: 1,
      fail_server_id: web01,
      fail_script: 'find /tmp -name "*.log" -mtime +7 -delete',
      fail_script_always: 1,
    });
    expect(JSON.parse(script.target)).toMatchObject({
      items: [String(web01)],
      timeout: 10,
      script: "df -P / | awk 'NR==2 {exit ($5+0 > 90)}'",
    });

    const rules = await t.db.selectFrom('server_warning_rule').selectAll().orderBy('id').execute();
    expect(rules).toHaveLength(2);
    const cpu = rules.find((x) => x.item === 'cpu_usage')!;
    expect(cpu).toMatchObject({
      namespace_id: ns,
      server_id: web01,
      formula: 'avg',
      operator: '>',
      value: 80,
      group_cycle: 5,
      last_cycle: 3,
      silent_cycle: 30,
      start_time: '00:00',
      end_time: '23:59',
      notify_type: 3,
      state: 'ok',
      breach_count: 0,
    });
    expect(Number(cpu.next_eval)).toBeGreaterThan(t.clock.now() - 1);
    expect(box.open(cpu.notify_target)).toBe(addresses.rules.get(1));
    expect(rules.find((x) => x.item === 'ram_usage')).toMatchObject({
      server_id: await server(2),
      formula: 'max',
      operator: '>=',
    });

    const crons = await t.db.selectFrom('cron').selectAll().orderBy('id').execute();
    expect(crons).toHaveLength(2);
    expect(crons[0]).toMatchObject({
      namespace_id: ns,
      server_id: web01,
      expression: '0 */5 * * * ?',
      command: 'find /tmp -name "goploy-*" -mmin +60 -delete',
      single_mode: 1,
      log_level: 2,
      description: 'Clean old deploy scripts',
      state: 0,
      notify_type: 0,
      notify_target: '',
      creator: fx.users.alice.name,
      editor: fx.users.alice.name,
    });
    expect(crons[1]).toMatchObject({
      server_id: await server(3),
      expression: '0 30 3 * * *',
      single_mode: 0,
      state: 0,
    });
    expect(r.notes).toContainEqual({
      table: 'cron',
      id: 1,
      message: "ran under goploy-agent: enable it in Ferry to write it to the server's crontab",
    });
    expect(r.notes).toContainEqual(expect.objectContaining({ table: 'cron', id: 2 }));
    expect(r.secrets).toEqual(
      expect.arrayContaining([
        { table: 'monitor', id: fx.monitors.http, field: 'notify_target' },
        { table: 'server_monitor', id: 1, field: 'notify_target' },
      ]),
    );
  });

  it("serves them through the console's routes, addresses masked", async () => {
    const admin = await t.login('admin', fx.users.admin.password);
    const monitors = await t.call<{ list: MonitorRow[] }>('GET', '/monitor/getList', {
      token: admin,
      ns,
    });
    expect(monitors.code, monitors.message).toBe(0);
    expect(monitors.data.list.map((m) => m.name).sort()).toEqual([
      'db port',
      'disk space',
      'web home page',
    ]);
    const http = monitors.data.list.find((m) => m.name === 'web home page')!;
    const plain = addresses.monitors.get(fx.monitors.http)!;
    expect(http).toMatchObject({
      state: 1,
      notifyType: 255,
      notifyTarget: maskNotifyTarget(plain),
    });
    expect(monitors.data.list.find((m) => m.name === 'db port')).toMatchObject({
      state: 0,
      status: 'paused',
    });
    const shown = await t.call<{ notifyTarget: string }>('POST', '/monitor/showNotifyTarget', {
      token: admin,
      ns,
      body: { id: http.id },
    });
    expect(shown.data.notifyTarget).toBe(plain);

    const rules = await t.call<{ list: WarningRuleRow[] }>('GET', '/server/getAllMonitor', {
      token: admin,
      ns,
      query: { serverId: fx.servers.sshd.id },
    });
    expect(rules.code, rules.message).toBe(0);
    expect(rules.data.list).toEqual([
      expect.objectContaining({
        item: 'cpu_usage',
        value: 80,
        notifyType: 3,
        notifyTarget: maskNotifyTarget(addresses.rules.get(1)!),
      }),
    ]);
    expect(rules.data.list[0]!.notifyTarget).not.toBe(addresses.rules.get(1));

    const crons = await t.call<{ list: CronRow[] }>('POST', '/cron/getList', {
      token: admin,
      ns,
      body: { serverId: fx.servers.sshd.id },
    });
    expect(crons.code, crons.message).toBe(0);
    expect(crons.data.list).toEqual([
      expect.objectContaining({
        expression: '0 */5 * * * ?',
        crontabExpression: '*/5 * * * *',
        state: 0,
        singleMode: 1,
        logLevel: 2,
        creator: fx.users.alice.name,
      }),
    ]);
  });

  it('checks an imported enabled monitor once the console runs, and leaves a paused one', async () => {
    const before = site.hits();
    await t.runDueMonitors();
    expect(site.hits()).toBeGreaterThan(before);
    const http = await monitorNamed('web home page');
    expect(http).toMatchObject({ status: 'up', fail_count: 0, last_error: '' });
    expect(http.last_check_time).toBeGreaterThan(0);
    const tcp = await monitorNamed('db port');
    expect(tcp).toMatchObject({ status: 'paused', last_check_time: 0 });
  });

  it('names every secret by its field and never shows one', async () => {
    const r = await runImport(t, goployUrl, { dryRun: true });
    const text = JSON.stringify(r);
    for (const s of [...addresses.monitors.values(), ...addresses.rules.values()]) {
      expect(text).not.toContain(s);
    }
  });

  it('duplicates nothing when run again', async () => {
    const before = await ferryCounts(t);
    const r = await runImport(t, goployUrl);
    expect(r.refusals).toEqual([]);
    expect(counted(r, 'monitor')).toMatchObject({ imported: 0, skipped: 3 });
    expect(counted(r, 'server_monitor')).toMatchObject({ imported: 0, skipped: 2 });
    expect(counted(r, 'cron')).toMatchObject({ imported: 0, skipped: 2 });
    expect(await ferryCounts(t)).toEqual(before);
  });

  it('refuses a job Ferry cannot run and drops rows whose server is gone or shared', async () => {
    await changeGoploy(
      goployUrl,
      "insert into server (id, namespace_id, name, ip, port, owner, password) values (95, 0, 'shared', '10.0.0.95', 22, 'deploy', 'pw')",
      "insert into cron (id, server_id, expression, command, description, creator, editor) values (30, 1, '30 * * * * *', 'uptime', '', '', ''), (31, 99, '0 * * * * *', 'uptime', '', '', '')",
      "insert into server_monitor (id, server_id, item, formula, operator, value, group_cycle, last_cycle, silent_cycle) values (32, 95, 'cpu_usage', 'avg', '>', '90', 5, 1, 30)",
      'insert into monitor (id, namespace_id, name, type, target, second, times, silent_cycle, success_script, fail_script) values (33, 1, \'gone\', 4, \'{"items":["99"],"timeout":3,"process":"nginx","script":""}\', 60, 1, 10, \'\', \'\')',
    );
    const before = await ferryCounts(t);
    const r = await runImport(t, goployUrl);
    expect(r.written).toBe(false);
    expect(r.refusals).toEqual([
      { table: 'cron', id: 30, message: `expression ${CRON_SECONDS_RULE}` },
    ]);
    expect(counted(r, 'cron')).toMatchObject({ refused: 1, dropped: 1 });
    expect(counted(r, 'server_monitor')).toMatchObject({ dropped: 1 });
    expect(counted(r, 'monitor')).toMatchObject({ dropped: 1 });
    expect(r.notes).toEqual(
      expect.arrayContaining([
        { table: 'cron', id: 31, message: 'is on server 99, which was not imported' },
        {
          table: 'server_monitor',
          id: 32,
          message: expect.stringMatching(/^is on server 95, shared by every namespace/),
        },
        { table: 'monitor', id: 33, message: 'names server 99, which was not imported' },
      ]),
    );
    expect(await ferryCounts(t)).toEqual(before);
  });
});
