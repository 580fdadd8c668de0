import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import {
  answerOf,
  fileText,
  NGINX_BINARY,
  nginxPrefix,
  siteConf,
  waitForAnswer,
  type NginxPrefix,
} from '../../../test/nginx-fixtures.js';
import { addServer, closedPort, serverForm, warmTestDb } from '../../../test/server-fixtures.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';

let fleet: SshdFleet | undefined;
let sshd: SshdServer;
let t: TestApp;
let admin: Actor;
let id: number;
let port: number;
let p: NginxPrefix;

const call = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, input: object) =>
  t.call<T>(method, url, {
    token: admin.token,
    ns: 1,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
const ok = async <T = unknown>(...args: Parameters<typeof call>) => {
  const r = await call<T>(...args);
  expect(r.code, `${args[1]}: ${r.message}`).toBe(0);
  return r.data;
};
const leftovers = (dir: string) => fs.readdirSync(dir).filter((n) => n.includes('.ferry-'));

beforeAll(async () => {
  [fleet] = await Promise.all([startSshdFleet({ count: 1 }), warmTestDb()]);
  [sshd] = fleet.servers as [SshdServer];
  t = await buildTestApp();
  admin = await adminOf(t);
  id = await addServer(t, admin, serverForm(sshd, { name: 'web' }));
  port = await closedPort();
  p = nginxPrefix(sshd, 'nginx', port);
  const started = await t.remoteRuns.execOnServer(1, id, p.start, {
    timeoutS: 20,
    substitute: false,
  });
  expect(started.code, started.stderr).toBe(0);
}, 90_000);

afterAll(async () => {
  const pid = fileText(path.join(p.prefix, 'nginx.pid'));
  if (pid) {
    try {
      process.kill(Number(pid), 'SIGQUIT');
    } catch {
      // already stopped
    }
  }
  await t?.close();
  await fleet?.stopAll();
});

describe('nginx on a real server, run by its SSH user', { timeout: 60_000 }, () => {
  it("finds the running master's binary and the options it was started with", async () => {
    expect(await waitForAnswer(port, 'v1')).toBe('v1');
    const found = await ok<Record<string, unknown>>('GET', '/server/getNginxPath', {
      serverId: id,
    });
    expect(found).toMatchObject({
      path: NGINX_BINARY,
      prefix: p.prefix,
      conf: p.conf,
      errorLog: p.errorLog,
      systemd: false,
    });
    expect(found.candidates).toContainEqual(
      expect.objectContaining({ path: NGINX_BINARY, prefix: p.prefix, user: sshd.user }),
    );
  });

  it('lists the main configuration and the included files, with the directories they may be in', async () => {
    const data = await ok<{
      list: { name: string; dir: string; enabled: boolean; size: number }[];
      conf: string;
      dirs: string[];
    }>('GET', '/server/getNginxConfigList', { serverId: id, dir: NGINX_BINARY });
    expect(data.conf).toBe(p.conf);
    expect(data.dirs.sort()).toEqual(
      [path.dirname(p.conf), p.confD, p.sitesEnabled, p.sitesAvailable].sort(),
    );
    expect(data.list.map((r) => [r.dir, r.name, r.enabled])).toEqual(
      expect.arrayContaining([
        [path.dirname(p.conf), 'nginx.conf', true],
        [p.confD, 'app.conf', true],
      ]),
    );
    const app = data.list.find((r) => r.name === 'app.conf');
    expect(app?.size).toBe(Buffer.byteLength(siteConf(port, 'v1')));
  });

  it("refuses a broken save with nginx's file and line, and leaves the old file byte for byte", async () => {
    const file = path.join(p.confD, 'app.conf');
    const before = fs.readFileSync(file);
    const read = await ok<{ content: string; hash: string }>(
      'GET',
      '/server/getNginxConfigContent',
      {
        serverId: id,
        dir: p.confD,
        filename: 'app.conf',
      },
    );
    expect(read.content).toBe(before.toString());
    const broken = `server {\n    listen 127.0.0.1:${port};\n    bogus_directive on;\n}\n`;
    const r = await call('PUT', '/server/editNginxConfig', {
      serverId: id,
      dir: p.confD,
      filename: 'app.conf',
      content: broken,
      hash: read.hash,
    });
    expect(r).toMatchObject({
      code: 2,
      reason: 'nginx_test_failed',
      data: { file, line: 3, output: expect.stringContaining('bogus_directive') },
    });
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(leftovers(p.confD)).toEqual([]);
    expect(
      await call('GET', '/server/getNginxConfigHistory', {
        serverId: id,
        dir: p.confD,
        filename: 'app.conf',
      }),
    ).toMatchObject({ data: { list: [] } });
  });

  it('saves a valid change, refuses one over a file changed since read, and reload serves it', async () => {
    const file = path.join(p.confD, 'app.conf');
    const read = await ok<{ hash: string }>('GET', '/server/getNginxConfigContent', {
      serverId: id,
      dir: p.confD,
      filename: 'app.conf',
    });
    const save = {
      serverId: id,
      dir: p.confD,
      filename: 'app.conf',
      content: siteConf(port, 'v2'),
    };
    await ok('PUT', '/server/editNginxConfig', { ...save, hash: read.hash });
    expect(fileText(file)).toBe(siteConf(port, 'v2'));
    expect(
      await call('PUT', '/server/editNginxConfig', { ...save, hash: read.hash }),
    ).toMatchObject({
      code: 2,
      reason: 'nginx_file_changed',
    });
    expect(await answerOf(port)).toBe('v1');
    const reload = await ok<{ execRes: boolean }>('POST', '/server/manageNginx', {
      serverId: id,
      path: NGINX_BINARY,
      command: 'reload',
    });
    expect(reload.execRes).toBe(true);
    expect(await waitForAnswer(port, 'v2')).toBe('v2');
  });

  it('keeps the original and each save, and restores a version as a validated save', async () => {
    const query = { serverId: id, dir: p.confD, filename: 'app.conf' };
    const history = await ok<{ list: { id: number; action: string; creator: string }[] }>(
      'GET',
      '/server/getNginxConfigHistory',
      query,
    );
    expect(history.list.map((v) => v.action)).toEqual(['edit', 'original']);
    const original = await ok<{ content: string; path: string }>(
      'GET',
      '/server/getNginxConfigVersion',
      {
        serverId: id,
        id: history.list[1]!.id,
      },
    );
    expect(original).toMatchObject({
      content: siteConf(port, 'v1'),
      path: path.join(p.confD, 'app.conf'),
    });
    await ok('POST', '/server/restoreNginxConfig', { serverId: id, id: history.list[1]!.id });
    expect(fileText(path.join(p.confD, 'app.conf'))).toBe(siteConf(port, 'v1'));
    const after = await ok<{ list: { action: string }[] }>(
      'GET',
      '/server/getNginxConfigHistory',
      query,
    );
    expect(after.list.map((v) => v.action)).toEqual(['restore', 'edit', 'original']);
    const check = await ok<{ execRes: boolean; output: string }>('POST', '/server/manageNginx', {
      serverId: id,
      command: 'check',
    });
    expect(check).toMatchObject({
      execRes: true,
      output: expect.stringContaining('test is successful'),
    });
  });

  it('adds only a valid file, and enables and disables a site with its link', async () => {
    const other = await closedPort();
    const add = (dir: string, filename: string, content: string) =>
      call('POST', '/server/addNginxConfig', { serverId: id, dir, filename, content });
    expect(await add(p.confD, 'bad.conf', 'nonsense;\n')).toMatchObject({
      code: 2,
      reason: 'nginx_test_failed',
    });
    expect(fileText(path.join(p.confD, 'bad.conf'))).toBeNull();
    expect((await add(p.sitesAvailable, 'site', siteConf(other, 'site'))).code).toBe(0);
    const toggle = (enabled: boolean) =>
      ok('PUT', '/server/toggleNginxConfig', {
        serverId: id,
        dir: p.sitesAvailable,
        filename: 'site',
        enabled,
      });
    await toggle(true);
    expect(fs.readlinkSync(path.join(p.sitesEnabled, 'site'))).toBe(
      path.join(p.sitesAvailable, 'site'),
    );
    const listed = await ok<{ list: { name: string; dir: string; enabled: boolean }[] }>(
      'GET',
      '/server/getNginxConfigList',
      { serverId: id },
    );
    expect(listed.list.filter((r) => r.name === 'site')).toEqual([
      expect.objectContaining({ dir: p.sitesAvailable, enabled: true }),
    ]);
    await toggle(false);
    expect(fs.existsSync(path.join(p.sitesEnabled, 'site'))).toBe(false);
    expect(fileText(path.join(p.sitesAvailable, 'site'))).toBe(siteConf(other, 'site'));
  });

  it('copies, renames, disables by renaming and deletes, each validated', async () => {
    const at = (name: string) => path.join(p.confD, name);
    await ok('POST', '/server/copyNginxConfig', {
      serverId: id,
      dir: p.confD,
      srcName: 'app.conf',
      dstName: 'copy.txt',
    });
    expect(fileText(at('copy.txt'))).toBe(siteConf(port, 'v1'));
    // Not included as broken.txt; as broken.conf it would be, and nginx -t refuses it.
    await ok('POST', '/server/addNginxConfig', {
      serverId: id,
      dir: p.confD,
      filename: 'broken.txt',
      content: 'nonsense;\n',
    });
    const clash = await call('PUT', '/server/renameNginxConfig', {
      serverId: id,
      dir: p.confD,
      currentName: 'broken.txt',
      newName: 'broken.conf',
    });
    expect(clash).toMatchObject({ code: 2, reason: 'nginx_test_failed' });
    expect(fileText(at('broken.txt'))).toBe('nonsense;\n');
    expect(fileText(at('broken.conf'))).toBeNull();
    await ok('DELETE', '/server/deleteNginxConfig', { serverId: id, file: at('broken.txt') });
    expect(fileText(at('broken.txt'))).toBeNull();
    await ok('PUT', '/server/toggleNginxConfig', {
      serverId: id,
      dir: p.confD,
      filename: 'app.conf',
      enabled: false,
    });
    expect(fileText(at('app.conf.disabled'))).toBe(siteConf(port, 'v1'));
    await ok('PUT', '/server/renameNginxConfig', {
      serverId: id,
      dir: p.confD,
      currentName: 'copy.txt',
      newName: 'copy.conf',
    });
    await ok('PUT', '/server/toggleNginxConfig', {
      serverId: id,
      dir: p.confD,
      filename: 'copy.conf',
      enabled: false,
    });
    await ok('PUT', '/server/toggleNginxConfig', {
      serverId: id,
      dir: p.confD,
      filename: 'app.conf.disabled',
      enabled: true,
    });
    expect(fileText(at('app.conf'))).toBe(siteConf(port, 'v1'));
    const listed = await ok<{ list: { name: string; enabled: boolean }[] }>(
      'GET',
      '/server/getNginxConfigList',
      { serverId: id },
    );
    expect(listed.list).toContainEqual(
      expect.objectContaining({ name: 'copy.conf.disabled', enabled: false }),
    );
    await ok('DELETE', '/server/deleteNginxConfig', {
      serverId: id,
      file: at('copy.conf.disabled'),
    });
    expect(fileText(at('copy.conf.disabled'))).toBeNull();
    expect(leftovers(p.confD)).toEqual([]);
  });

  it('shows the effective configuration, then stops and starts nginx', async () => {
    const dump = await ok<{ output: string }>('GET', '/server/getNginxEffectiveConfig', {
      serverId: id,
    });
    expect(dump.output).toContain(`# configuration file ${path.join(p.confD, 'app.conf')}:`);
    const stop = await ok<{ execRes: boolean; output: string }>('POST', '/server/manageNginx', {
      serverId: id,
      command: 'stop',
    });
    expect(stop.execRes, stop.output).toBe(true);
    expect(await waitForAnswer(port, 'ECONNREFUSED')).toBe('ECONNREFUSED');
    // Nothing runs now: the binary comes from the one set for the server.
    await ok('PUT', '/server/setNginxPath', {
      serverId: id,
      path: NGINX_BINARY,
      prefix: p.prefix,
      conf: p.conf,
    });
    const start = await ok<{ execRes: boolean; output: string }>('POST', '/server/manageNginx', {
      serverId: id,
      command: 'start',
    });
    expect(start.execRes, start.output).toBe(true);
    expect(await waitForAnswer(port, 'v1')).toBe('v1');
  });
});
