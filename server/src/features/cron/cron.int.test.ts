import fs from 'node:fs';
import type { CronLogRow } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { startReceiver } from '../../../test/http-receiver.js';
import { addServer, serverForm, warmTestDb } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { shellQuote } from '../../infra/ssh/quote.js';
import { CRON_READ_INTERVAL_MS } from './cron-engine.js';
import { cronKit, lineOf } from './cron-test-kit.js';

let fleet: SshdFleet | undefined;
let t: TestApp;
let admin: Actor;
let a: number;
let b: number;
const kit = cronKit(
  () => t,
  () => admin,
);

beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 2 }), warmTestDb()]);
  t = await buildTestApp();
  admin = await adminOf(t);
  const [sa, sb] = fleet.servers as [SshdServer, SshdServer];
  a = await addServer(t, admin, serverForm(sa, { name: 'alpha' }));
  b = await addServer(t, admin, serverForm(sb, { name: 'beta' }));
}, 90_000);
afterAll(async () => {
  for (const id of [a, b]) if (id) await kit.clearCrontab(id).catch(() => undefined);
  await t?.close();
  await fleet?.stopAll();
});

/** Lines a person wrote: an environment line, comments, a `%` line and no final newline after. */
const OUTSIDE =
  'MAILTO=""\nSHELL=/bin/sh\n# keep me, byte for byte\n0 3 * * * date +\\%F >/dev/null\n\n';
const job = (extra: object = {}) => ({
  expression: '*/5 * * * *',
  command: 'echo hi',
  logLevel: 2,
  ...extra,
});

const logsOf = async (serverId: number, cronId: number) => {
  const r = await kit.call<{ list: CronLogRow[]; total: number; syncError: string }>(
    'GET',
    '/cron/getLogs',
    {
      serverId,
      cronId,
    },
  );
  expect(r.code, r.message).toBe(0);
  expect(r.data.syncError).toBe('');
  return r.data;
};

describe('cron jobs in the real crontab of a server', { timeout: 90_000 }, () => {
  it('adds, edits and removes jobs only inside the block, the other lines intact', async () => {
    await kit.setCrontab(a, OUTSIDE);
    const one = await kit.add(
      a,
      job({ command: 'date +%s; echo "a b" \'c\'', description: 'first' }),
    );
    const two = await kit.add(a, job({ expression: '@daily', command: 'true' }));
    let text = await kit.crontab(a);
    expect(text.startsWith(OUTSIDE)).toBe(true);
    expect(lineOf(text, one)).toContain("'date +\\%s; echo \"a b\" '\\''c'\\'''");
    expect(text).toContain(`# ferry-cron-job ${one} first`);
    expect((await kit.list(a)).fence.state).toBe('ok');

    const edit = await kit.call('PUT', '/cron/edit', {
      id: one,
      ...job({ expression: '0 1 * * mon', command: 'echo edited' }),
    });
    expect(edit.code, edit.message).toBe(0);
    text = await kit.crontab(a);
    expect(text.startsWith(OUTSIDE)).toBe(true);
    expect(lineOf(text, one)).toMatch(/^0 1 \* \* mon .* 'echo edited'$/);

    const off = await kit.call('PUT', '/cron/toggle', { id: two, state: 0 });
    expect(off.code, off.message).toBe(0);
    expect(await kit.crontab(a)).not.toContain(`run.sh ${two} `);

    for (const id of [one, two])
      expect((await kit.call('DELETE', '/cron/remove', { id })).code).toBe(0);
    expect(await kit.crontab(a)).toBe(OUTSIDE);
    expect((await kit.list(a)).list).toEqual([]);
  });

  it("takes goploy's six-field expressions with seconds 0, lists them as sent, refuses finer ones", async () => {
    await kit.clearCrontab(b);
    // goploy's cron page sends the whole row, its six-field expression first.
    const goployForm = (expression: string) => ({
      expression,
      command: 'echo goploy',
      singleMode: 0,
      logLevel: 0,
      description: 'from goploy',
    });
    const weekly = await kit.add(b, goployForm('0 17 3 * * 1'));
    const often = await kit.add(b, goployForm('0 */5 * * * ?'));
    let text = await kit.crontab(b);
    expect(lineOf(text, weekly)).toMatch(/^17 3 \* \* 1 /);
    expect(lineOf(text, often)).toMatch(/^\*\/5 \* \* \* \* /);
    let listed = (await kit.list(b)).list;
    expect(listed.map((j) => [j.expression, j.crontabExpression])).toEqual([
      ['0 17 3 * * 1', '17 3 * * 1'],
      ['0 */5 * * * ?', '*/5 * * * *'],
    ]);

    const edit = await kit.call('PUT', '/cron/edit', { id: weekly, ...goployForm('0 0 4 ? * 2') });
    expect(edit.code, edit.message).toBe(0);
    text = await kit.crontab(b);
    expect(lineOf(text, weekly)).toMatch(/^0 4 \* \* 2 /);
    listed = (await kit.list(b)).list;
    expect(listed.find((j) => j.id === weekly)?.expression).toBe('0 0 4 ? * 2');

    for (const expression of ['* * * * * ?', '30 * * * * *', '*/10 * * * * ?']) {
      const add = await kit.call('POST', '/cron/add', { serverId: b, ...goployForm(expression) });
      expect(add.code, expression).toBe(10003);
      expect(add.message).toMatch(/^expression the seconds field .* must be 0: a system crontab/);
      const change = await kit.call('PUT', '/cron/edit', { id: often, ...goployForm(expression) });
      expect(change.code, expression).toBe(10003);
      expect(change.message).toMatch(/seconds field/);
    }
    // A sixth field that is not cron's (a year, a bad day) is refused by the five-field rule.
    const bad = await kit.call('POST', '/cron/add', { serverId: b, ...goployForm('0 0 4 ? * 9') });
    expect(bad.code).toBe(10003);
    expect(bad.message).toMatch(/^expression must be five fields/);
    expect(await kit.crontab(b)).toBe(text);
    expect((await kit.list(b)).list).toHaveLength(2);
    for (const id of [weekly, often]) await kit.call('DELETE', '/cron/remove', { id });
  });

  it('refuses a write over a hand edit of the block, then overwrites it or keeps its lines', async () => {
    await kit.setCrontab(a, OUTSIDE);
    const id = await kit.add(a, job());
    const written = await kit.crontab(a);
    await kit.setCrontab(a, written.replace('*/5 * * * *', '*/7 * * * *'));
    expect((await kit.list(a)).fence.state).toBe('edited');

    const refused = await kit.call<{ expected: string; current: string }>('PUT', '/cron/edit', {
      id,
      ...job({ command: 'echo two' }),
    });
    expect(refused).toMatchObject({ code: 2, reason: 'crontab_edited' });
    // goploy's page cannot resolve it, and shows the message: it says where to.
    expect(refused.message).toMatch(/on Ferry's cron page of the server first$/);
    expect(refused.data.expected).toContain('*/5 * * * *');
    expect(refused.data.current).toContain('*/7 * * * *');
    expect(await kit.crontab(a)).toContain('*/7 * * * *');

    const over = await kit.call('PUT', '/cron/edit', {
      id,
      ...job({ command: 'echo two' }),
      resolve: 'overwrite',
    });
    expect(over.code, over.message).toBe(0);
    expect(lineOf(await kit.crontab(a), id)).toMatch(/^\*\/5 .* 'echo two'$/);

    const hand = (await kit.crontab(a)).replace(
      '# END FERRY CRON',
      '15 2 * * * /opt/mine.sh\n# END FERRY CRON',
    );
    await kit.setCrontab(a, hand);
    expect((await kit.call('POST', '/cron/add', { serverId: a, ...job() })).reason).toBe(
      'crontab_edited',
    );
    const kept = await kit.call<{ id: number }>('POST', '/cron/add', {
      serverId: a,
      ...job(),
      resolve: 'keepOutside',
    });
    expect(kept.code, kept.message).toBe(0);
    const text = await kit.crontab(a);
    expect(text.startsWith(`${OUTSIDE}15 2 * * * /opt/mine.sh\n# BEGIN FERRY CRON`)).toBe(true);
    expect((await kit.list(a)).fence.state).toBe('ok');
    for (const j of [id, kept.data.id]) await kit.call('DELETE', '/cron/remove', { id: j });
  });

  it('records a run of the exact line, with its exit code and output, and stores it once', async () => {
    await kit.setCrontab(a, '');
    const id = await kit.add(a, job({ command: 'printf "50%% done\\n"; echo err >&2; exit 3' }));
    await kit.runLine(a, lineOf(await kit.crontab(a), id));
    const second = await buildTestApp({}, {}, t);
    try {
      const token = await second.login('admin', 'Admin123!');
      const read = (app: TestApp, tk: string) =>
        app.call('GET', '/cron/getLogs', { token: tk, ns: 1, query: { serverId: a, cronId: id } });
      await Promise.all([
        read(t, admin.token),
        read(second, token),
        t.readDueCronRuns(),
        second.readDueCronRuns(),
      ]);
    } finally {
      await second.close();
    }
    const logs = await logsOf(a, id);
    expect(logs.total).toBe(1);
    expect(logs.list[0]).toMatchObject({ execCode: 3, skipped: false, message: '50% done\nerr\n' });
    expect(await kit.exec(a, 'ls "$HOME/.ferry/cron/runs" | wc -l')).toBe('0\n');
    expect((await kit.list(a)).list[0]?.lastRun).toMatchObject({ execCode: 3, skipped: false });
    await kit.call('DELETE', '/cron/remove', { id });
  });

  it('reads runs on its schedule in one of two consoles, and a failed run notifies once', async () => {
    await kit.setCrontab(a, '');
    const notify = { notifyType: 255, notifyTarget: 'http://127.0.0.1:9/cron-hook' };
    const id = await kit.add(a, job({ command: 'echo broke; exit 7', ...notify }));
    const ok = await kit.add(a, job({ command: 'true', ...notify }));
    const text = await kit.crontab(a);
    await kit.runLine(a, lineOf(text, id));
    await kit.runLine(a, lineOf(text, ok));
    const second = await buildTestApp({}, {}, t);
    try {
      // The server's next read comes due (an earlier test read it already).
      t.clock.advance(CRON_READ_INTERVAL_MS);
      await Promise.all([t.readDueCronRuns(), second.readDueCronRuns()]);
      await Promise.all([t.readDueCronRuns(), second.readDueCronRuns()]);
    } finally {
      await second.close();
    }
    const stored = await t.db
      .selectFrom('cron_log')
      .select(['cron_id', 'exec_code'])
      .where('cron_id', 'in', [id, ok])
      .execute();
    expect(stored.map((r) => [r.cron_id, r.exec_code]).sort()).toEqual([
      [id, 7],
      [ok, 0],
    ]);
    const sent = await t.db
      .selectFrom('notification_delivery')
      .select(['subject', 'body'])
      .where('creator', '=', 'cron job')
      .execute();
    expect(sent.map((d) => d.subject)).toEqual([`Cron job ${id} failed with exit code 7`]);
    expect(sent[0]?.body).toContain('broke');
    for (const j of [id, ok]) await kit.call('DELETE', '/cron/remove', { id: j });
  });

  it('keeps the output its log level chooses, cut at 32 KiB with a mark', async () => {
    const quiet = await kit.add(a, job({ command: 'echo out; echo err >&2', logLevel: 0 }));
    const stdout = await kit.add(a, job({ command: 'echo out; echo err >&2', logLevel: 1 }));
    const long = await kit.add(
      a,
      job({ command: 'head -c 40000 /dev/zero | tr "\\0" a', logLevel: 1 }),
    );
    const text = await kit.crontab(a);
    for (const id of [quiet, stdout, long]) await kit.runLine(a, lineOf(text, id));
    expect((await logsOf(a, quiet)).list[0]?.message).toBe('');
    expect((await logsOf(a, stdout)).list[0]?.message).toBe('out\n');
    const cut = (await logsOf(a, long)).list[0]?.message ?? '';
    expect(cut).toBe(`${'a'.repeat(32768)}\n… [output cut: 40000 bytes in all]`);
    for (const id of [quiet, stdout, long]) await kit.call('DELETE', '/cron/remove', { id });
  });

  it('notifies the whole address of a failed run after an edit that sent its masked form back', async () => {
    const receiver = await startReceiver();
    try {
      const hook = 'f3b2c1d0-a9e8-4d7c-b6a5-948372615e0f';
      const notify = { notifyType: 255, notifyTarget: receiver.url(`/cron-hook/${hook}`) };
      const id = await kit.add(a, job({ command: 'exit 4', ...notify }));
      const row = (await kit.list(a)).list.find((j) => j.id === id)!;
      expect(row.notifyTarget).toBe(receiver.url('/cron-hook/••••5e0f'));
      // goploy's clients send the whole listed object back.
      const edit = await kit.call('PUT', '/cron/edit', { ...row, description: 'fails' });
      expect(edit.code, edit.message).toBe(0);
      await kit.runLine(a, lineOf(await kit.crontab(a), id));
      expect((await logsOf(a, id)).list[0]?.execCode).toBe(4);
      await until('the notice', () => receiver.received.length === 1);
      expect(receiver.received[0]!.url).toBe(`/cron-hook/${hook}`);
      await kit.call('DELETE', '/cron/remove', { id });
    } finally {
      await receiver.close();
    }
  });

  it("masks the server's password in the output it keeps", async () => {
    // The job prints the password from a file: the crontab read back is masked, the run is not.
    await kit.exec(a, `printf '%s' ${shellQuote(fleet!.servers[0]!.password)} >"$HOME/pw"`);
    const id = await kit.add(a, job({ command: 'echo "pw=$(cat "$HOME/pw")."' }));
    await kit.runLine(a, lineOf(await kit.crontab(a), id));
    expect((await logsOf(a, id)).list[0]?.message).toBe('pw=***.\n');
    await kit.call('DELETE', '/cron/remove', { id });
  });

  it('skips a run of a single-mode job while the previous one still runs', async () => {
    await kit.exec(a, 'rm -f "$HOME/started" "$HOME/go"');
    const command =
      'touch "$HOME/started"; while [ ! -e "$HOME/go" ]; do sleep 0.1; done; echo finished';
    const id = await kit.add(a, job({ command, singleMode: 1, logLevel: 1 }));
    const line = lineOf(await kit.crontab(a), id);
    await kit.runLine(a, line, true);
    await kit.exec(
      a,
      'i=0; while [ ! -e "$HOME/started" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done',
    );
    await kit.runLine(a, line);
    await kit.exec(
      a,
      `touch "$HOME/go"; i=0; while [ $(ls "$HOME/.ferry/cron/runs" | grep -c '^${id}-') -lt 2 ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done`,
    );
    const logs = await logsOf(a, id);
    expect(logs.list.map((l) => [l.skipped, l.execCode, l.message]).sort()).toEqual([
      [false, 0, 'finished\n'],
      [true, 0, ''],
    ]);
    await kit.call('DELETE', '/cron/remove', { id });
  });

  it('imports job lines from outside the block in one write, and lists them as goploy did', async () => {
    const mine = '# mine\n15 2 * * * /opt/mine.sh --x\n@daily echo a\\%b\n';
    await kit.setCrontab(a, OUTSIDE + mine);
    const read = await kit.call<{
      checksum: string;
      sources: { source: string; lines: { lineNo: number; kind: string; text: string }[] }[];
    }>('GET', '/cron/getCrontab', { serverId: a });
    expect(read.code, read.message).toBe(0);
    const own = read.data.sources.find((s) => s.source === 'crontab');
    const jobs =
      own?.lines.filter((l) => l.kind === 'job' && l.text !== '0 3 * * * date +\\%F >/dev/null') ??
      [];
    expect(jobs.map((l) => l.text)).toEqual(['15 2 * * * /opt/mine.sh --x', '@daily echo a\\%b']);
    const remote = await kit.call<{ list: string[] }>('GET', '/server/getRemoteCrontabList', {
      serverId: a,
    });
    expect(remote.data.list).toEqual([
      'MAILTO=""',
      'SHELL=/bin/sh',
      '0 3 * * * date +\\%F >/dev/null',
      ...jobs.map((l) => l.text),
    ]);

    const stale = await kit.call('POST', '/cron/import', {
      serverId: a,
      lineNos: [7],
      checksum: '0'.repeat(64),
    });
    expect(stale.reason).toBe('crontab_changed');
    const done = await kit.call<{ ids: number[] }>('POST', '/cron/import', {
      serverId: a,
      lineNos: jobs.map((l) => l.lineNo),
      checksum: read.data.checksum,
    });
    expect(done.code, done.message).toBe(0);
    const text = await kit.crontab(a);
    expect(text.startsWith(`${OUTSIDE}# mine\n# BEGIN FERRY CRON`)).toBe(true);
    const listed = (await kit.list(a)).list;
    expect(listed.map((j) => [j.expression, j.command])).toEqual([
      ['15 2 * * *', '/opt/mine.sh --x'],
      ['@daily', 'echo a%b'],
    ]);
    for (const id of done.data.ids) await kit.call('DELETE', '/cron/remove', { id });
  });

  it('shows the system crontabs read-only, each job with the user it runs as', async () => {
    // cron's package installs /etc/crontab; the fleet server is a user of this machine.
    const system = fs.readFileSync('/etc/crontab', 'utf8');
    type Line = { kind: string; text: string; runAs: string; expression: string };
    type Source = { source: string; editable: boolean; lines: Line[] };
    const r = await kit.call<{ sources: Source[] }>('GET', '/cron/getCrontab', { serverId: a });
    expect(r.code, r.message).toBe(0);
    const etc = r.data.sources.find((s) => s.source === '/etc/crontab');
    expect(etc?.editable).toBe(false);
    expect(etc?.lines.map((l) => l.text).join('\n')).toBe(system.replace(/\n$/, ''));
    const jobs = etc?.lines.filter((l) => l.kind === 'job') ?? [];
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((l) => l.runAs === 'root' && l.expression !== '')).toBe(true);
    expect(r.data.sources.filter((s) => s.editable).map((s) => s.source)).toEqual(['crontab']);
  });

  it('copies a job to two servers, naming the server it could not use', async () => {
    await kit.setCrontab(b, OUTSIDE);
    const id = await kit.add(a, job({ command: 'echo bound', description: 'copied' }));
    type Bound = { list: { serverId: number; id: number; error: string }[] };
    const r = await kit.call<Bound>('POST', '/cron/bind', { id, serverIds: [b, a, 999] });
    expect(r.code, r.message).toBe(0);
    const [onB, onA, none] = r.data.list;
    expect(onB).toMatchObject({ serverId: b, error: '' });
    expect(onA).toMatchObject({ serverId: a, error: '' });
    expect(none).toMatchObject({ serverId: 999, id: 0 });
    expect(none?.error).not.toBe('');
    const onBText = await kit.crontab(b);
    expect(onBText.startsWith(OUTSIDE)).toBe(true);
    expect(lineOf(onBText, onB?.id ?? 0)).toContain("'echo bound'");
    expect(onBText).toContain(`# ferry-cron-job ${onB?.id ?? 0} copied`);
    expect(lineOf(await kit.crontab(a), onA?.id ?? 0)).toContain("'echo bound'");
    for (const j of [id, onA?.id, onB?.id]) await kit.call('DELETE', '/cron/remove', { id: j });
    expect(await kit.crontab(b)).toBe(OUTSIDE);
  });
});

async function until(what: string, test: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
