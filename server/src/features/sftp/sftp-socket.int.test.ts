import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SftpClose } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { homeOf, scratchDir, userDir, userFile } from '../../../test/remote-files.js';
import { closedPort, silentPort } from '../../../test/server-fixtures.js';
import { openSftp, rowsOf, type SftpClient } from '../../../test/sftp-client.js';
import { addServer } from '../../../test/xterm-client.js';
import { MAX_ROWS_PER_FRAME } from './row-batcher.js';

const sshd = useOneSshd();

/** The group name the server reports for gid `gid` (the number when it has no name). */
function groupName(gid: number): string {
  try {
    return execFileSync('getent', ['group', String(gid)], { encoding: 'utf8' }).split(':')[0]!;
  } catch {
    return String(gid);
  }
}

const readRows = (t: TestApp) => t.db.selectFrom('sftp_log').selectAll().orderBy('id').execute();

describe('the file manager socket', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });
  const connect = async (): Promise<SftpClient> => {
    const serverId = await addServer(t, admin.token, sshd.server, { name: 'files' });
    return openSftp(t, { token: admin.token, 'G-N-ID': 1, serverId });
  };

  it('lists files, directories and every kind of link with their owner and group', async () => {
    const dir = scratchDir(sshd.server);
    userFile(sshd.server, path.join(dir, 'app.log'), 'hello\n', 0o640);
    userDir(sshd.server, path.join(dir, 'releases'));
    fs.symlinkSync('releases', path.join(dir, 'current'));
    fs.symlinkSync('app.log', path.join(dir, 'latest.log'));
    fs.symlinkSync('/nowhere/at/all', path.join(dir, 'broken'));
    const mtime = new Date('2025-03-04T05:06:07Z');
    fs.utimesSync(path.join(dir, 'app.log'), mtime, mtime);

    const sftp = await connect();
    const frames = await sftp.list(`${dir}/`);
    expect(frames).toHaveLength(1);
    const last = frames[0]!.frame;
    expect(last).toMatchObject({ code: 0, op: 'list', id: 1, path: dir, done: true, total: 5 });
    const byName = Object.fromEntries(last.data.map((e) => [e.name, e]));
    const group = groupName(sshd.server.uid);
    expect(byName['app.log']).toEqual({
      name: 'app.log',
      size: 6,
      mode: '-rw-r-----',
      modTime: expect.stringMatching(/^2025-03-0[34] \d\d:06:07$/),
      isDir: false,
      isLink: false,
      linkTarget: '',
      owner: sshd.server.user,
      group,
      mtime: mtime.getTime() / 1000,
    });
    expect(byName.releases).toMatchObject({ mode: 'drwxr-xr-x', isDir: true, isLink: false });
    expect(byName.current).toMatchObject({
      mode: 'lrwxrwxrwx',
      isDir: true,
      isLink: true,
      linkTarget: 'releases',
      owner: 'root',
    });
    expect(byName['latest.log']).toMatchObject({
      isDir: false,
      isLink: true,
      linkTarget: 'app.log',
    });
    expect(byName.broken).toMatchObject({
      isDir: false,
      isLink: true,
      linkTarget: '/nowhere/at/all',
    });
    sftp.ws.terminate();
  });

  it("answers goploy's bare path with one frame holding the whole directory", async () => {
    const dir = scratchDir(sshd.server);
    for (let i = 0; i < 3; i++) userFile(sshd.server, path.join(dir, `f${i}`), 'x');
    const sftp = await connect();
    const frame = await sftp.bare(dir);
    expect(Object.keys(frame).sort()).toEqual(['code', 'data', 'message']);
    expect(frame.code).toBe(0);
    expect(frame.message).toBe('');
    expect(frame.data.map((e) => e.name).sort()).toEqual(['f0', 'f1', 'f2']);
    for (const e of frame.data) {
      expect(Object.keys(e)).toEqual(
        expect.arrayContaining(['name', 'size', 'mode', 'modTime', 'isDir']),
      );
    }
    const missing = await sftp.bare(`${dir}/missing`);
    expect(missing).toEqual({
      code: 2,
      message: `Cannot list ${dir}/missing: no such file or directory`,
      reason: 'file_missing',
      data: [],
    });
    sftp.ws.terminate();
  });

  it('lists the home directory for "" and "~", and answers with its path', async () => {
    const sftp = await connect();
    for (const home of ['', '~']) {
      const [done] = await sftp.list(home);
      expect(done!.frame).toMatchObject({ code: 0, path: homeOf(sshd.server), done: true });
      expect(done!.frame.data.map((e) => e.name)).toContain('.ssh');
    }
    const bare = await sftp.bare('~');
    expect(bare.data.map((e) => e.name)).toContain('.ssh');
    sftp.ws.terminate();
  });

  it('streams a directory of 10,000 entries: the first rows long before the last', async () => {
    const dir = scratchDir(sshd.server, 'big-');
    for (let i = 0; i < 10_000; i++) fs.writeFileSync(path.join(dir, `file-${i}.txt`), '');
    const sftp = await connect();
    await sftp.list('/'); // the connection is made: what follows times the listing alone
    const sent = performance.now();
    const frames = await sftp.list(dir);
    const first = frames[0]!.at - sent;
    const all = frames.at(-1)!.at - sent;
    console.log(
      `10,000 entries: first frame after ${first.toFixed(0)} ms, ` +
        `all ${frames.length} frames after ${all.toFixed(0)} ms`,
    );
    const rows = rowsOf(frames);
    expect(rows).toHaveLength(10_000);
    expect(new Set(rows.map((r) => r.name)).size).toBe(10_000);
    expect(frames.at(-1)!.frame).toMatchObject({ done: true, total: 10_000 });
    expect(frames.slice(0, -1).every((f) => f.frame.done === false)).toBe(true);
    expect(frames.every((f) => f.frame.data.length <= MAX_ROWS_PER_FRAME)).toBe(true);
    expect(frames.length).toBeGreaterThanOrEqual(20);
    expect(first).toBeLessThan(all / 2);
    expect(all).toBeLessThan(10_000);
    sftp.ws.terminate();
  });

  it('drops an older listing still streaming when a newer one is asked for', async () => {
    const dir = scratchDir(sshd.server, 'big-');
    for (let i = 0; i < 10_000; i++) fs.writeFileSync(path.join(dir, `file-${i}.txt`), '');
    const small = scratchDir(sshd.server);
    userFile(sshd.server, path.join(small, 'only'), 'x');
    const sftp = await connect();
    sftp.ws.send(JSON.stringify({ op: 'list', id: 1, path: dir }));
    await sftp.nextFrame();
    const newer = await sftp.list(small, 2);
    expect(newer.at(-1)!.frame).toMatchObject({ id: 2, done: true, total: 1 });
    await new Promise((r) => setTimeout(r, 200));
    const older = sftp.frames.filter((f) => f.frame.id === 1);
    expect(older.length).toBeGreaterThan(0);
    expect(older.some((f) => f.frame.done)).toBe(false);
    expect(rowsOf(older).length).toBeLessThan(10_000);
    sftp.ws.terminate();
  });

  it('refuses bad paths and bad frames with an error frame and keeps serving', async () => {
    const sftp = await connect();
    const cases: [string, string][] = [
      ['/srv/../etc', "path must not contain '..' segments"],
      ['/srv/a\0b', 'path must not contain a NUL byte'],
      ['srv', 'path must be an absolute path (starting with /)'],
      [`/${'a'.repeat(300)}`, 'path must not have a name longer than 255 bytes'],
    ];
    for (const [bad, message] of cases) {
      const [frame] = await sftp.list(bad, 7);
      expect(frame!.frame).toEqual({
        code: 10003,
        message,
        reason: 'invalid_parameter',
        data: [],
        op: 'list',
        id: 7,
        path: bad,
        done: true,
      });
      expect(await sftp.bare(bad)).toEqual({
        code: 10003,
        message,
        reason: 'invalid_parameter',
        data: [],
      });
    }
    sftp.ws.send('{"op":"list",');
    expect(await sftp.nextFrame()).toEqual({
      code: 10003,
      message: 'request is not valid JSON',
      reason: 'invalid_parameter',
      data: [],
    });
    sftp.ws.send('{"op":"remove","path":"/"}');
    expect((await sftp.nextFrame()).message).toBe('op must be list');
    sftp.ws.send(Buffer.from('/'), { binary: true });
    expect((await sftp.nextFrame()).message).toBe('request must be a text frame');
    sftp.ws.send(`/${'a/'.repeat(40_000)}`);
    expect((await sftp.nextFrame()).message).toBe('request must be at most 65536 bytes');
    const ok = await sftp.list('/');
    expect(ok.at(-1)!.frame).toMatchObject({ code: 0, done: true });
    expect(sftp.closeCode()).toBeUndefined();
    sftp.ws.terminate();
  });

  it('closes a socket sending a frame beyond 1 MiB with 1009, and the console carries on', async () => {
    const sftp = await connect();
    sftp.ws.send('/'.repeat(1024 * 1024 + 1));
    expect((await sftp.closed).code).toBe(1009);
    const again = await connect();
    expect((await again.list('/')).at(-1)!.frame.code).toBe(0);
    again.ws.terminate();
  });

  it('logs each listing as READ, at most once a minute per directory, failures too', async () => {
    const dir = scratchDir(sshd.server);
    const sftp = await connect();
    await sftp.list(dir);
    await sftp.list(dir);
    await sftp.bare(dir);
    await sftp.list(`${dir}/missing`);
    await expect.poll(async () => (await readRows(t)).length).toBe(2);
    t.clock.advance(61_000);
    await sftp.list(dir);
    await expect.poll(async () => (await readRows(t)).length).toBe(3);
    const rows = await readRows(t);
    expect(rows.map((r) => [r.type, r.path, r.state])).toEqual([
      ['READ', dir, 1],
      ['READ', `${dir}/missing`, 0],
      ['READ', dir, 1],
    ]);
    expect(rows[1]!.reason).toBe(`Cannot list ${dir}/missing: no such file or directory`);
    expect(rows[0]).toMatchObject({ namespace_id: 1, user_id: admin.id });
    sftp.ws.terminate();
  });

  it('folds a listing repeated on another console of the database into the first one’s row', async () => {
    const dir = scratchDir(sshd.server);
    const serverId = await addServer(t, admin.token, sshd.server, { name: 'two-consoles' });
    const before = (await readRows(t)).length;
    const here = await openSftp(t, { token: admin.token, 'G-N-ID': 1, serverId });
    await here.list(dir);
    await expect.poll(async () => (await readRows(t)).length).toBe(before + 1);
    const other = await buildTestApp({}, {}, t);
    try {
      const there = await openSftp(other, { token: admin.token, 'G-N-ID': 1, serverId });
      await there.list(dir);
      await there.list(`${dir}/missing`);
      // The failed listing is written; the repeated one was not.
      await expect.poll(async () => (await readRows(t)).length).toBe(before + 2);
      expect((await readRows(t)).slice(before).map((r) => r.path)).toEqual([dir, `${dir}/missing`]);
      there.ws.terminate();
    } finally {
      await other.close();
    }
    here.ws.terminate();
  });

  it('answers a path sent before the connection is ready', async () => {
    const serverId = await addServer(t, admin.token, sshd.server, { name: 'early' });
    const sftp = await openSftp(t, { token: admin.token, 'G-N-ID': 1, serverId });
    const frame = await sftp.bare('/');
    expect(frame.code).toBe(0);
    sftp.ws.terminate();
  });

  it('closes with 4101 after the idle limit', async () => {
    t.config.terminal.idleMs = 300;
    const sftp = await connect();
    expect((await sftp.list('/')).at(-1)!.frame.code).toBe(0);
    expect((await sftp.closed).code).toBe(SftpClose.idle);
    await expect.poll(() => t.openSockets.size()).toBe(0);
  });

  it('closes with 4100 when the server cannot be reached', async () => {
    const serverId = await addServer(t, admin.token, { ...sshd.server, port: await closedPort() });
    const sftp = await openSftp(t, { token: admin.token, 'G-N-ID': 1, serverId });
    const { code, reason } = await sftp.closed;
    expect(code).toBe(SftpClose.sshFailed);
    expect(reason).toMatch(/refused/i);
    await expect.poll(() => t.openSockets.size()).toBe(0);
  });

  it('stops connecting when the browser leaves first', async () => {
    const silent = await silentPort();
    try {
      // Added while reachable (the add logs in once), then moved to a port that never answers.
      const serverId = await addServer(t, admin.token, sshd.server);
      await t.db
        .updateTable('server')
        .set({ port: silent.port })
        .where('id', '=', serverId)
        .execute();
      const sftp = await openSftp(t, { token: admin.token, 'G-N-ID': 1, serverId });
      await expect.poll(() => t.openSockets.size()).toBe(1);
      sftp.ws.terminate();
      await expect.poll(() => t.openSockets.size(), { timeout: 3000 }).toBe(0);
    } finally {
      await silent.close();
    }
  });
});
