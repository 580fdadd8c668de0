import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { encodeResize, TerminalClose, WsClose } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { addServer, openXterm, type XtermClient } from '../../../test/xterm-client.js';
import { readCast } from './asciicast-recorder.js';

const sshd = useOneSshd();

type Event = [number, string, string];

/** The terminal log row of the only session, once its end time is written. */
async function endedRow(t: TestApp) {
  await expect
    .poll(async () => (await t.db.selectFrom('terminal_log').select('end_time').execute())[0])
    .toMatchObject({ end_time: expect.any(Number) });
  return t.db.selectFrom('terminal_log').selectAll().executeTakeFirstOrThrow();
}

/** The recording of `row`, as its header and its events. */
async function recording(t: TestApp, recordFile: string) {
  const file = path.join(t.dataDir, recordFile);
  expect(fs.existsSync(file)).toBe(true);
  const [header, ...events] = (await readCast(file))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
  return { header, events: events as Event[] };
}

/** Types `echo hello` (quoted, so that the echoed command line does not match) and waits. */
async function sayHello(term: XtermClient) {
  term.ws.send('echo hel""lo\r');
  await term.waitFor(/[\r\n]hello\r\n/);
}

describe('the web terminal', { timeout: 30_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  it('runs a shell, resizes it, ends at exit and leaves a complete log row and recording', async () => {
    const serverId = await addServer(t, admin.token, sshd.server, { name: 'web-1' });
    const term = await openXterm(t, {
      token: admin.token,
      'G-N-ID': 1,
      serverId,
      rows: 24,
      cols: 80,
    });
    await sayHello(term);
    term.ws.send(encodeResize(100, 40));
    term.ws.send('stty size\r');
    await term.waitFor('40 100');
    term.ws.send('exit\r');
    expect(await term.closed).toEqual({ code: 1000, reason: 'the SSH session ended' });
    expect(term.allBinary()).toBe(true);

    const row = await endedRow(t);
    expect(row).toMatchObject({ namespace_id: 1, user_id: admin.id, server_id: serverId });
    expect(row.end_time).toBeGreaterThanOrEqual(row.start_time);
    expect(row.record_file).toMatch(/^terminal-log\/\d{4}-\d{2}\/\d+\.cast\.gz$/);
    const { header, events } = await recording(t, row.record_file);
    expect(header).toMatchObject({ version: 2, width: 80, height: 24 });
    for (const e of events) {
      expect(e).toEqual([expect.any(Number), expect.stringMatching(/^[or]$/), expect.any(String)]);
    }
    expect(
      events
        .filter((e) => e[1] === 'o')
        .map((e) => e[2])
        .join(''),
    ).toContain('hello');
    expect(events).toContainEqual([expect.any(Number), 'r', '100x40']);
  });

  it('lists the session in the terminal log and serves its recording for download', async () => {
    const serverId = await addServer(t, admin.token, sshd.server, { name: 'web-2' });
    const term = await openXterm(t, { token: admin.token, 'G-N-ID': 1, serverId });
    await sayHello(term);
    const open = await t.call<{ list: Record<string, unknown>[] }>(
      'GET',
      '/log/getTerminalLogList',
      {
        token: admin.token,
        ns: 1,
        query: { page: 1, rows: 10 },
      },
    );
    expect(open.data.list[0]).toMatchObject({ serverID: serverId, endTime: '', hasRecord: true });
    term.ws.send('exit\r');
    await term.closed;
    const row = await endedRow(t);

    const list = await t.call<{ list: Record<string, unknown>[] }>(
      'GET',
      '/log/getTerminalLogList',
      {
        token: admin.token,
        ns: 1,
        query: { username: 'admin', serverName: 'web-2', page: 1, rows: 10 },
      },
    );
    expect(list.data.list).toEqual([
      {
        id: row.id,
        namespaceID: 1,
        userID: admin.id,
        username: 'admin',
        serverID: serverId,
        serverName: 'web-2',
        remoteAddr: expect.any(String),
        userAgent: expect.any(String),
        startTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        endTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        hasRecord: true,
        recordPruned: false,
      },
    ]);
    const none = await t.call('GET', '/log/getTerminalLogTotal', {
      token: admin.token,
      ns: 1,
      query: { serverName: 'web-3' },
    });
    expect(none.data).toEqual({ total: 0 });

    const res = await t.fastify.inject({
      method: 'GET',
      url: `/log/getTerminalRecord?recordId=${row.id}`,
      headers: { cookie: `goploy_token=${admin.token}`, 'g-n-id': '1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-asciicast');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${row.id}.cast"`);
    expect(res.body).toBe(await readCast(path.join(t.dataDir, row.record_file)));
  });

  it('still opens the shell when the recording cannot be written, and says there is none', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'terminal-log'), 'a file where the directory belongs');
    const serverId = await addServer(t, admin.token, sshd.server);
    const term = await openXterm(t, { token: admin.token, 'G-N-ID': 1, serverId });
    await sayHello(term);
    term.ws.send('exit\r');
    expect((await term.closed).code).toBe(TerminalClose.ended);
    const row = await endedRow(t);
    expect(row.record_file).toBe('');
    const list = await t.call<{ list: { hasRecord: boolean }[] }>(
      'GET',
      '/log/getTerminalLogList',
      {
        token: admin.token,
        ns: 1,
        query: { page: 1, rows: 10 },
      },
    );
    expect(list.data.list[0]?.hasRecord).toBe(false);
    const record = await t.call('GET', '/log/getTerminalRecord', {
      token: admin.token,
      ns: 1,
      query: { recordId: row.id },
    });
    expect(record).toMatchObject({ code: 2, reason: 'record_missing' });
  });

  it('closes the terminal with 4102 when its server is disabled', async () => {
    const serverId = await addServer(t, admin.token, sshd.server);
    const term = await openXterm(t, { token: admin.token, 'G-N-ID': 1, serverId });
    await sayHello(term);
    await t.call('PUT', '/server/toggle', {
      token: admin.token,
      ns: 1,
      body: { id: serverId, state: 0 },
    });
    expect((await term.closed).code).toBe(TerminalClose.serverDisabled);
    await endedRow(t);
  });

  it("closes the session's terminals at its logout, and only that session's", async () => {
    const serverId = await addServer(t, admin.token, sshd.server);
    const other = await t.login('admin', 'Admin123!');
    const mine = await openXterm(t, { token: admin.token, 'G-N-ID': 1, serverId });
    const theirs = await openXterm(t, { token: other, 'G-N-ID': 1, serverId });
    await sayHello(mine);
    await sayHello(theirs);
    await t.call('POST', '/user/logout', { token: admin.token, ns: 1 });
    expect((await mine.closed).code).toBe(WsClose.notLoggedIn);
    theirs.ws.send('echo still""here\r');
    await theirs.waitFor(/[\r\n]stillhere\r\n/);
    theirs.ws.terminate();
  });

  it('closes the terminals of a user who is removed', async () => {
    const serverId = await addServer(t, admin.token, sshd.server);
    const bob = await memberOf(t, admin, { account: 'bob', namespaceId: 1, permissionIds: [34] });
    const term = await openXterm(t, { token: bob.token, 'G-N-ID': 1, serverId });
    await sayHello(term);
    await t.call('DELETE', '/user/remove', { token: admin.token, ns: 1, body: { id: bob.id } });
    expect((await term.closed).code).toBe(WsClose.sessionExpired);
    await endedRow(t);
  });

  it('closes with 4100 and the reason when the server cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    const serverId = await addServer(t, admin.token, { ...sshd.server, port: closedPort });
    const term = await openXterm(t, { token: admin.token, 'G-N-ID': 1, serverId });
    const { code, reason } = await term.closed;
    expect(code).toBe(TerminalClose.sshFailed);
    expect(reason).toMatch(/refused/i);
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(120);
    const row = await endedRow(t);
    expect(row.server_id).toBe(serverId);
  });

  it('ends open terminals and completes their log rows when the console stops', async () => {
    const serverId = await addServer(t, admin.token, sshd.server);
    const term = await openXterm(t, { token: admin.token, 'G-N-ID': 1, serverId });
    await sayHello(term);
    await t.fastify.close();
    expect([1012, 1005, 1006]).toContain((await term.closed).code);
    const row = await t.db.selectFrom('terminal_log').selectAll().executeTakeFirstOrThrow();
    expect(row.end_time).toEqual(expect.any(Number));
  });

  it('closes with 4101 after the idle limit', async () => {
    // The environment allows whole minutes only; the app reads the limit from its own config.
    t.config.terminal.idleMs = 300;
    const serverId = await addServer(t, admin.token, sshd.server);
    const term = await openXterm(t, { token: admin.token, 'G-N-ID': 1, serverId });
    expect((await term.closed).code).toBe(TerminalClose.idle);
    await endedRow(t);
  });
});

describe('the web terminal with keystroke recording', { timeout: 30_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp(
    (app, a) => {
      t = app;
      admin = a;
    },
    { FERRY_TERMINAL_RECORD_INPUT: 'true' },
  );

  it('records what was typed as input events', async () => {
    const serverId = await addServer(t, admin.token, sshd.server);
    const term = await openXterm(t, { token: admin.token, 'G-N-ID': 1, serverId });
    await sayHello(term);
    term.ws.send('exit\r');
    await term.closed;
    const { events } = await recording(t, (await endedRow(t)).record_file);
    expect(events).toContainEqual([expect.any(Number), 'i', 'echo hel""lo\r']);
    expect(events.filter((e) => e[1] === 'o').length).toBeGreaterThan(0);
  });
});
