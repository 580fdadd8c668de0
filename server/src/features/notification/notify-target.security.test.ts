import { maskNotifyTarget, Perm } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { capturedLog } from '../../../test/captured-log.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import {
  listedRow,
  notifyKinds,
  reveal,
  type NotifyKind,
} from '../../../test/notify-target-kinds.js';
import { secondNamespace } from '../../../test/project-fixtures.js';
import { addServer, serverForm, warmTestDb } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { isSealed } from '../../core/crypto.js';
import { loggerOptions } from '../../core/http/logger-options.js';

/** The channels' secrets: none may be read anywhere but in the reveal answer to an editor. */
const TOKEN = '7c1e9a03b5d24f68e0a1c3b5d7f90e2a4c6b8d0f1e3a5c7b9d1f3e5a7c9bab12';
const HOOK = '5d2e8f1a-6b3c-4d7e-9f0a-1b2c3d4ecd34';
const KEY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b5aaa';
const PASSWORD = 'Hunter2-receiver-password';
const SECRETS = [TOKEN, HOOK, KEY, PASSWORD];
/** Each kind's address: DingTalk's token, Feishu's hook id, WeCom's key, a custom receiver's. */
const ADDRESSES: Record<string, string> = {
  project: `https://oapi.dingtalk.com/robot/send?access_token=${TOKEN}`,
  monitor: `https://open.feishu.cn/open-apis/bot/v2/hook/${HOOK}`,
  'warning rule': `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${KEY}`,
  'cron job': `https://ops:${PASSWORD}@hooks.example.com/in?auth=${TOKEN}`,
};
/** Another address of the same channel, for edits that change it. */
const changed = (address: string) => address.replace(/\w{4}$/, 'f00d');

/** The schedulers' own tickers are slowed down: nothing here waits for a check or a rule. */
const enginesOff = {
  monitorEngine: { tickMs: 3_600_000 },
  ruleEngine: { tickMs: 3_600_000 },
};

function expectNoSecret(text: string, where: string) {
  // The mask keeps a secret's last 4 characters: everything before them must stay hidden.
  for (const s of SECRETS) expect(text, where).not.toContain(s.slice(0, -4));
}

let fleet: SshdFleet | undefined;
let receiver: Receiver;
let t: TestApp;
let admin: Actor;
let reader: Actor;
let editor: Actor;
let ns2: number;
const ruleServers = new Map<number, number>();
let cronServer = 0;
const { lines: logged, stream: logStream } = capturedLog();
const kinds = notifyKinds(() => t, {
  ruleServer: (ns) => ruleServers.get(ns)!,
  get cronServer() {
    return cronServer;
  },
  get site() {
    return receiver.url('/site');
  },
});

beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 1 }), warmTestDb()]);
  receiver = await startReceiver();
  t = await buildTestApp({}, { logger: loggerOptions('info', logStream), ...enginesOff });
  admin = await adminOf(t);
  ns2 = await secondNamespace(t, admin);
  const [s] = fleet.servers as [SshdServer];
  cronServer = await addServer(t, admin, serverForm(s, { name: 'shared', namespaceId: 0 }));
  for (const ns of [1, ns2]) {
    const fake = { ip: '192.0.2.7', port: 22, owner: 'root', authType: 'password' as const };
    ruleServers.set(
      ns,
      await addServer(t, admin, { ...fake, name: `rules-${ns}`, password: 'pw' }, ns),
    );
  }
  const viewer: number[] = [Perm.ShowProjectPage, Perm.GetAllProjectList, Perm.ShowMonitorPage];
  viewer.push(Perm.ShowServerMonitorPage, Perm.ShowCronPage);
  reader = await memberOf(t, admin, { account: 'reader', namespaceId: 1, permissionIds: viewer });
  const edits = [Perm.EditProject, Perm.EditMonitor, Perm.EditServerWarningRule, Perm.EditCron];
  editor = await memberOf(t, admin, {
    account: 'editor',
    namespaceId: 1,
    permissionIds: [...viewer, ...edits],
  });
}, 120_000);
afterAll(async () => {
  if (cronServer) {
    await t.remoteRuns
      .execOnServer(1, cronServer, 'crontab -r 2>/dev/null; rm -rf "$HOME/.ferry"; true', {
        timeoutS: 30,
        substitute: false,
      })
      .catch(() => undefined);
  }
  await t?.close();
  await receiver?.close();
  await fleet?.stopAll();
});

const rawTarget = async (kind: NotifyKind, id: number) =>
  (
    await t.db
      .selectFrom(kind.table as 'project')
      .select('notify_target')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).notify_target;

describe.each(kinds.map((k) => [k.name, k] as const))(
  'the notification address of a %s',
  { timeout: 60_000 },
  (_, kind) => {
    const address = ADDRESSES[kind.name]!;

    it('is stored sealed, answered masked, and kept when the masked form is sent back', async () => {
      const id = await kind.add(admin, address);
      expect(isSealed(await rawTarget(kind, id))).toBe(true);
      expectNoSecret(await rawTarget(kind, id), 'the row after add');

      const row = await listedRow(kind, admin, id);
      expect(row.notifyTarget).toBe(maskNotifyTarget(address));
      // goploy's clients send the whole object back on edit.
      expect((await kind.edit(admin, row)).code).toBe(0);
      expectNoSecret(await rawTarget(kind, id), 'the row after an edit');
      expect((await reveal(t, kind, admin, id)).data.notifyTarget).toBe(address);

      const next = changed(address);
      expect((await kind.edit(admin, { ...row, notifyTarget: next })).code).toBe(0);
      expect(isSealed(await rawTarget(kind, id))).toBe(true);
      expectNoSecret(await rawTarget(kind, id), 'the row after a change');
      expect((await reveal(t, kind, admin, id)).data.notifyTarget).toBe(next);

      // A mask is not an address: one that is not the stored address's cannot be kept.
      const foreignMask = maskNotifyTarget(address).replace('https://', 'https://x.');
      const refused = await kind.edit(admin, { ...row, notifyTarget: foreignMask });
      expect(refused).toMatchObject({ code: 10003 });
      expect(refused.message).toMatch(/^notifyTarget /);
      expect((await reveal(t, kind, admin, id)).data.notifyTarget).toBe(next);
      // Nor can a new object take a mask for its address.
      await expect(kind.add(admin, maskNotifyTarget(address))).rejects.toThrow(
        /10003 notifyTarget /,
      );
    });

    it('is answered masked to a member who cannot edit, who cannot reveal it', async () => {
      const id = await kind.add(admin, address);
      const listed = await kind.list(reader);
      expect(listed.code).toBe(0);
      expectNoSecret(JSON.stringify(listed.data), 'the list a reader gets');
      expect(listed.data.list.find((r) => r.id === id)?.notifyTarget).toBe(
        maskNotifyTarget(address),
      );
      expect(await reveal(t, kind, reader, id)).toMatchObject({
        code: 1,
        reason: 'permission_denied',
        data: null,
      });
    });

    it("is revealed to an editor, logged, and never for another namespace's object", async () => {
      const id = await kind.add(admin, address);
      const foreign = await kind.add(admin, address, ns2);
      const before = await t.db.selectFrom('operation_log').select('id').execute();

      expect(await reveal(t, kind, editor, id)).toMatchObject({
        code: 0,
        data: { notifyTarget: address },
      });
      const other = await reveal(t, kind, editor, foreign);
      expect(other).toMatchObject({ code: 1, reason: 'not_found', data: null });
      expectNoSecret(JSON.stringify(other), 'an answer about another namespace');

      const seen = new Set(before.map((r) => r.id));
      const rows = (
        await t.db.selectFrom('operation_log').selectAll().orderBy('id').execute()
      ).filter((r) => !seen.has(r.id));
      expect(rows.map((r) => [r.user_id, r.api])).toEqual([
        [editor.id, kind.showPath],
        [editor.id, kind.showPath],
      ]);
      expect(JSON.parse(rows[0]!.request_data)).toMatchObject({ id });
      expect(JSON.parse(rows[0]!.response_data)).toMatchObject({ code: 0, data: '***' });
    });
  },
);

describe('notification addresses in logs and tests', { timeout: 60_000 }, () => {
  it('reach no log line and no operation log row', async () => {
    await kinds.find((k) => k.name === 'monitor')!.add(admin, ADDRESSES.monitor!);
    // An address in a query string, as a goploy client may send it: the request log shows it.
    const hook = receiver.url(`/robot/send?access_token=${TOKEN}`);
    const inQuery = await t.call('POST', '/notification/sendTest', {
      token: admin.token,
      ns: 1,
      query: { notifyType: 255, notifyTarget: hook },
    });
    expect(inQuery.code).toBe(0);
    const text = logged.join('');
    expect(text).toContain('/notification/sendTest?');
    expectNoSecret(text, 'the console log');
    const operations = await t.db.selectFrom('operation_log').selectAll().execute();
    expect(operations.some((o) => o.api === '/monitor/add')).toBe(true);
    expectNoSecret(JSON.stringify(operations), 'the operation log');
    // What the log keeps still names the host an address was set to.
    expect(JSON.stringify(operations)).toContain('open.feishu.cn/open-apis/bot/v2/hook/');
  });

  it("sends a test message with the masked form to the project's full address", async () => {
    const kind = kinds.find((k) => k.name === 'project')!;
    const hook = receiver.url(`/robot/send?access_token=${TOKEN}`);
    const id = await kind.add(admin, hook);
    const row = await listedRow(kind, editor, id);
    expect(row.notifyTarget).not.toContain(TOKEN);
    const sent = await t.call('POST', '/notification/sendTest', {
      token: editor.token,
      ns: 1,
      body: { projectId: id, notifyType: 255, notifyTarget: row.notifyTarget },
    });
    expect(sent.code, sent.message).toBe(0);
    await until('the test message', () =>
      receiver.at('/robot/send').some((r) => r.url === `/robot/send?access_token=${TOKEN}`),
    );
  });
});

describe("goploy's copy of a project", { timeout: 60_000 }, () => {
  it('keeps the address of the copied project for whoever may reveal it, and for nobody else', async () => {
    const kind = kinds.find((k) => k.name === 'project')!;
    const address = `https://oapi.dingtalk.com/robot/send?access_token=${TOKEN.slice(0, -4)}c0de`;
    const id = await kind.add(admin, address);
    const viewer = [Perm.ShowProjectPage, Perm.GetAllProjectList, Perm.AddProject];
    const copier = await memberOf(t, admin, {
      account: 'copier',
      namespaceId: 1,
      permissionIds: [...viewer, Perm.EditProject],
    });
    const adder = await memberOf(t, admin, {
      account: 'adder',
      namespaceId: 1,
      permissionIds: viewer,
    });
    // goploy's "copy" opens the listed project in the form and posts it with id 0.
    const copyAs = async (actor: Actor, name: string) => {
      const row = await listedRow(kind, actor, id);
      expect(row.notifyTarget).not.toContain(TOKEN.slice(0, -4));
      return t.call<{ id: number }>('POST', '/project/add', {
        token: actor.token,
        ns: 1,
        body: { ...row, id: 0, name },
      });
    };
    const copied = await copyAs(copier, 'copied');
    expect(copied.code, copied.message).toBe(0);
    expect((await reveal(t, kind, admin, copied.data.id)).data.notifyTarget).toBe(address);
    // One who may not reveal the address types it again.
    const refused = await copyAs(adder, 'not-copied');
    expect(refused.code).toBe(10003);
    expect(refused.message).toMatch(/^notifyTarget is a masked address/);
    // A mask two different addresses share names neither.
    await kind.add(admin, address.replace(TOKEN.slice(0, 8), 'feedbeef'));
    const ambiguous = await copyAs(copier, 'ambiguous');
    expect(ambiguous.code).toBe(10003);
  });
});

describe('a database with plain addresses', { timeout: 60_000 }, () => {
  it('is sealed at start, once', async () => {
    const plain = new Map<NotifyKind, { id: number; address: string }>();
    for (const kind of kinds) {
      const id = await kind.add(admin, 'https://placeholder.example.com/hook');
      const address = ADDRESSES[kind.name]!;
      await t.db
        .updateTable(kind.table as 'project')
        .set({ notify_target: address })
        .where('id', '=', id)
        .execute();
      plain.set(kind, { id, address });
    }
    const restarted = await buildTestApp({}, enginesOff, t);
    await restarted.close();
    const sealed = new Map<NotifyKind, string>();
    for (const [kind, { id, address }] of plain) {
      const raw = await rawTarget(kind, id);
      expect(isSealed(raw), kind.name).toBe(true);
      expectNoSecret(raw, `${kind.name} after start`);
      expect((await reveal(t, kind, admin, id)).data.notifyTarget).toBe(address);
      sealed.set(kind, raw);
    }
    const again = await buildTestApp({}, enginesOff, t);
    await again.close();
    for (const [kind, { id }] of plain) expect(await rawTarget(kind, id)).toBe(sealed.get(kind));
  });
});

async function until(what: string, test: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
