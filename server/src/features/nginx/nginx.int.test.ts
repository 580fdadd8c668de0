import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  fileText,
  leftovers,
  NGINX_BINARY,
  siteConf,
  useNginxServer,
  waitForAnswer,
} from '../../../test/nginx-fixtures.js';
import { closedPort } from '../../../test/server-fixtures.js';

const n = useNginxServer({ running: true });

/** The route input naming conf.d/app.conf. */
const appConf = () => ({ serverId: n.id, dir: n.p.confD, filename: 'app.conf' });

describe('nginx on a real server, run by its SSH user', { timeout: 60_000 }, () => {
  it("finds the running master's binary and the options it was started with", async () => {
    const found = await n.ok<Record<string, unknown>>('GET', '/server/getNginxPath', {
      serverId: n.id,
    });
    expect(found).toMatchObject({
      path: NGINX_BINARY,
      prefix: n.p.prefix,
      conf: n.p.conf,
      errorLog: n.p.errorLog,
      systemd: false,
    });
    expect(found.candidates).toContainEqual(
      expect.objectContaining({ path: NGINX_BINARY, prefix: n.p.prefix, user: n.sshd.user }),
    );
  });

  it('lists the main configuration and the included files, with the directories they may be in', async () => {
    const data = await n.ok<{
      list: { name: string; dir: string; enabled: boolean; size: number }[];
      conf: string;
      dirs: string[];
    }>('GET', '/server/getNginxConfigList', { serverId: n.id, dir: NGINX_BINARY });
    expect(data.conf).toBe(n.p.conf);
    expect(data.dirs.sort()).toEqual(
      [path.dirname(n.p.conf), n.p.confD, n.p.sitesEnabled, n.p.sitesAvailable].sort(),
    );
    expect(data.list.map((r) => [r.dir, r.name, r.enabled])).toEqual(
      expect.arrayContaining([
        [path.dirname(n.p.conf), 'nginx.conf', true],
        [n.p.confD, 'app.conf', true],
      ]),
    );
    const app = data.list.find((r) => r.name === 'app.conf');
    expect(app?.size).toBe(Buffer.byteLength(siteConf(n.port, 'v1')));
    expect(await waitForAnswer(n.port, 'v1')).toBe('v1');
  });

  it("refuses a broken save with nginx's file and line, and leaves the old file byte for byte", async () => {
    const file = path.join(n.p.confD, 'app.conf');
    const before = fs.readFileSync(file);
    const read = await n.ok<{ content: string; hash: string }>(
      'GET',
      '/server/getNginxConfigContent',
      appConf(),
    );
    expect(read.content).toBe(before.toString());
    const broken = `server {\n    listen 127.0.0.1:${n.port};\n    bogus_directive on;\n}\n`;
    const r = await n.call('PUT', '/server/editNginxConfig', {
      serverId: n.id,
      dir: n.p.confD,
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
    expect(leftovers(n.p.confD)).toEqual([]);
    expect(await n.call('GET', '/server/getNginxConfigHistory', appConf())).toMatchObject({
      data: { list: [] },
    });
  });

  it('saves a valid change, refuses one over a file changed since read, and reload serves it', async () => {
    const file = path.join(n.p.confD, 'app.conf');
    const read = await n.ok<{ hash: string }>('GET', '/server/getNginxConfigContent', appConf());
    const save = {
      serverId: n.id,
      dir: n.p.confD,
      filename: 'app.conf',
      content: siteConf(n.port, 'v2'),
    };
    await n.ok('PUT', '/server/editNginxConfig', { ...save, hash: read.hash });
    expect(fileText(file)).toBe(siteConf(n.port, 'v2'));
    expect(
      await n.call('PUT', '/server/editNginxConfig', { ...save, hash: read.hash }),
    ).toMatchObject({
      code: 2,
      reason: 'nginx_file_changed',
    });
    expect(await answerOf(n.port)).toBe('v1');
    const reload = await n.ok<{ execRes: boolean }>('POST', '/server/manageNginx', {
      serverId: n.id,
      path: NGINX_BINARY,
      command: 'reload',
    });
    expect(reload.execRes).toBe(true);
    expect(await waitForAnswer(n.port, 'v2')).toBe('v2');
  });

  it('keeps the original and each save, and restores a version as a validated save', async () => {
    const query = { serverId: n.id, dir: n.p.confD, filename: 'app.conf' };
    const history = await n.ok<{ list: { id: number; action: string; creator: string }[] }>(
      'GET',
      '/server/getNginxConfigHistory',
      query,
    );
    expect(history.list.map((v) => v.action)).toEqual(['edit', 'original']);
    const original = await n.ok<{ content: string; path: string }>(
      'GET',
      '/server/getNginxConfigVersion',
      {
        serverId: n.id,
        id: history.list[1]!.id,
      },
    );
    expect(original).toMatchObject({
      content: siteConf(n.port, 'v1'),
      path: path.join(n.p.confD, 'app.conf'),
    });
    await n.ok('POST', '/server/restoreNginxConfig', { serverId: n.id, id: history.list[1]!.id });
    expect(fileText(path.join(n.p.confD, 'app.conf'))).toBe(siteConf(n.port, 'v1'));
    const after = await n.ok<{ list: { action: string }[] }>(
      'GET',
      '/server/getNginxConfigHistory',
      query,
    );
    expect(after.list.map((v) => v.action)).toEqual(['restore', 'edit', 'original']);
    const check = await n.ok<{ execRes: boolean; output: string }>('POST', '/server/manageNginx', {
      serverId: n.id,
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
      n.call('POST', '/server/addNginxConfig', { serverId: n.id, dir, filename, content });
    expect(await add(n.p.confD, 'bad.conf', 'nonsense;\n')).toMatchObject({
      code: 2,
      reason: 'nginx_test_failed',
    });
    expect(fileText(path.join(n.p.confD, 'bad.conf'))).toBeNull();
    expect((await add(n.p.sitesAvailable, 'site', siteConf(other, 'site'))).code).toBe(0);
    const toggle = (enabled: boolean) =>
      n.ok('PUT', '/server/toggleNginxConfig', {
        serverId: n.id,
        dir: n.p.sitesAvailable,
        filename: 'site',
        enabled,
      });
    await toggle(true);
    expect(fs.readlinkSync(path.join(n.p.sitesEnabled, 'site'))).toBe(
      path.join(n.p.sitesAvailable, 'site'),
    );
    const listed = await n.ok<{ list: { name: string; dir: string; enabled: boolean }[] }>(
      'GET',
      '/server/getNginxConfigList',
      { serverId: n.id },
    );
    expect(listed.list.filter((r) => r.name === 'site')).toEqual([
      expect.objectContaining({ dir: n.p.sitesAvailable, enabled: true }),
    ]);
    await toggle(false);
    expect(fs.existsSync(path.join(n.p.sitesEnabled, 'site'))).toBe(false);
    // sites-enabled includes every name: renaming a file there to .disabled would not disable it.
    fs.copyFileSync(path.join(n.p.sitesAvailable, 'site'), path.join(n.p.sitesEnabled, 'own'));
    const own = { serverId: n.id, dir: n.p.sitesEnabled, filename: 'own', enabled: false };
    const kept = await n.call('PUT', '/server/toggleNginxConfig', own);
    expect(kept).toMatchObject({ code: 2, reason: 'nginx_toggle_unsupported' });
    fs.rmSync(path.join(n.p.sitesEnabled, 'own'));
    expect(fileText(path.join(n.p.sitesAvailable, 'site'))).toBe(siteConf(other, 'site'));
  });

  it('shows the effective configuration, then stops and starts nginx', async () => {
    const dump = await n.ok<{ output: string }>('GET', '/server/getNginxEffectiveConfig', {
      serverId: n.id,
    });
    expect(dump.output).toContain(`# configuration file ${path.join(n.p.confD, 'app.conf')}:`);
    const stop = await n.ok<{ execRes: boolean; output: string }>('POST', '/server/manageNginx', {
      serverId: n.id,
      command: 'stop',
    });
    expect(stop.execRes, stop.output).toBe(true);
    expect(await waitForAnswer(n.port, 'ECONNREFUSED')).toBe('ECONNREFUSED');
    // Nothing runs now: the binary comes from the one set for the server.
    await n.ok('PUT', '/server/setNginxPath', {
      serverId: n.id,
      path: NGINX_BINARY,
      prefix: n.p.prefix,
      conf: n.p.conf,
    });
    const start = await n.ok<{ execRes: boolean; output: string }>('POST', '/server/manageNginx', {
      serverId: n.id,
      command: 'start',
    });
    expect(start.execRes, start.output).toBe(true);
    expect(await waitForAnswer(n.port, 'v1')).toBe('v1');
  });
});
