import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileText, leftovers, siteConf, useNginxServer } from '../../../test/nginx-fixtures.js';
import { homeOf, userFile } from '../../../test/remote-files.js';
import { LOCK_FILE } from './nginx-scripts.js';

/** No nginx runs here: the binary is the one set for the server; every change is tested. */
const n = useNginxServer({ running: false });

describe('nginx configuration files changed on a real server', { timeout: 60_000 }, () => {
  it('copies, renames, disables by renaming and deletes, each validated', async () => {
    const at = (name: string) => path.join(n.p.confD, name);
    await n.ok('POST', '/server/copyNginxConfig', {
      serverId: n.id,
      dir: n.p.confD,
      srcName: 'app.conf',
      dstName: 'copy.txt',
    });
    expect(fileText(at('copy.txt'))).toBe(siteConf(n.port, 'v1'));
    // Not included as broken.txt; as broken.conf it would be, and nginx -t refuses it.
    await n.ok('POST', '/server/addNginxConfig', {
      serverId: n.id,
      dir: n.p.confD,
      filename: 'broken.txt',
      content: 'nonsense;\n',
    });
    const clash = await n.call('PUT', '/server/renameNginxConfig', {
      serverId: n.id,
      dir: n.p.confD,
      currentName: 'broken.txt',
      newName: 'broken.conf',
    });
    expect(clash).toMatchObject({ code: 2, reason: 'nginx_test_failed' });
    expect(fileText(at('broken.txt'))).toBe('nonsense;\n');
    expect(fileText(at('broken.conf'))).toBeNull();
    await n.ok('DELETE', '/server/deleteNginxConfig', { serverId: n.id, file: at('broken.txt') });
    expect(fileText(at('broken.txt'))).toBeNull();
    await n.ok('PUT', '/server/toggleNginxConfig', {
      serverId: n.id,
      dir: n.p.confD,
      filename: 'app.conf',
      enabled: false,
    });
    expect(fileText(at('app.conf.disabled'))).toBe(siteConf(n.port, 'v1'));
    await n.ok('PUT', '/server/renameNginxConfig', {
      serverId: n.id,
      dir: n.p.confD,
      currentName: 'copy.txt',
      newName: 'copy.conf',
    });
    await n.ok('PUT', '/server/toggleNginxConfig', {
      serverId: n.id,
      dir: n.p.confD,
      filename: 'copy.conf',
      enabled: false,
    });
    await n.ok('PUT', '/server/toggleNginxConfig', {
      serverId: n.id,
      dir: n.p.confD,
      filename: 'app.conf.disabled',
      enabled: true,
    });
    expect(fileText(at('app.conf'))).toBe(siteConf(n.port, 'v1'));
    const listed = await n.ok<{ list: { name: string; enabled: boolean }[] }>(
      'GET',
      '/server/getNginxConfigList',
      { serverId: n.id },
    );
    expect(listed.list).toContainEqual(
      expect.objectContaining({ name: 'copy.conf.disabled', enabled: false }),
    );
    await n.ok('DELETE', '/server/deleteNginxConfig', {
      serverId: n.id,
      file: at('copy.conf.disabled'),
    });
    expect(fileText(at('copy.conf.disabled'))).toBeNull();
    expect(leftovers(n.p.confD)).toEqual([]);
  });

  it('restores a deleted file from its history, validated', async () => {
    const file = path.join(n.p.confD, 'gone.conf');
    await n.ok('POST', '/server/addNginxConfig', {
      serverId: n.id,
      dir: n.p.confD,
      filename: 'gone.conf',
      content: '# gone\n',
    });
    await n.ok('DELETE', '/server/deleteNginxConfig', { serverId: n.id, file });
    expect(fileText(file)).toBeNull();
    const query = { serverId: n.id, dir: n.p.confD, filename: 'gone.conf' };
    const history = await n.ok<{ list: { id: number; action: string }[] }>(
      'GET',
      '/server/getNginxConfigHistory',
      query,
    );
    expect(history.list.map((v) => v.action)).toEqual(['delete', 'add']);
    await n.ok('POST', '/server/restoreNginxConfig', { serverId: n.id, id: history.list[0]!.id });
    expect(fileText(file)).toBe('# gone\n');
  });

  it('saves a file reached through a sites-enabled link at its target, the link kept', async () => {
    const target = path.join(n.p.sitesAvailable, 'linked');
    const link = path.join(n.p.sitesEnabled, 'linked');
    userFile(n.sshd, target, '# one\n');
    fs.symlinkSync(target, link);
    const input = { serverId: n.id, dir: n.p.sitesEnabled, filename: 'linked' };
    await n.ok('PUT', '/server/editNginxConfig', { ...input, content: '# two\n' });
    expect(fs.readlinkSync(link)).toBe(target);
    expect(fileText(target)).toBe('# two\n');
    const broken = await n.call('PUT', '/server/editNginxConfig', { ...input, content: 'x;\n' });
    expect(broken).toMatchObject({ code: 2, data: { file: link, line: 1 } });
    expect(fileText(target)).toBe('# two\n');
    expect(leftovers(n.p.sitesAvailable)).toEqual([]);
  });

  it('reads, edits, copies, renames, restores and deletes through a link inside the configuration', async () => {
    const target = path.join(n.p.sitesAvailable, 'inside.conf');
    const link = path.join(n.p.sitesEnabled, 'inside.conf');
    const alias = path.join(n.p.confD, 'alias.conf');
    const relative = '../sites-available/inside.conf';
    userFile(n.sshd, target, '# one\n');
    fs.symlinkSync(relative, link);
    fs.symlinkSync(path.relative(n.p.confD, target), alias);
    const isLink = (file: string) => fs.lstatSync(file).isSymbolicLink();
    const listed = await n.ok<{ list: { name: string; dir: string; link: string }[] }>(
      'GET',
      '/server/getNginxConfigList',
      { serverId: n.id },
    );
    expect(listed.list).toContainEqual(
      expect.objectContaining({ dir: n.p.confD, name: 'alias.conf', link: target, linkOut: false }),
    );
    expect(listed.list).toContainEqual(
      expect.objectContaining({ dir: n.p.sitesAvailable, name: 'inside.conf', enabled: true }),
    );

    const input = { serverId: n.id, dir: n.p.sitesEnabled, filename: 'inside.conf' };
    const read = await n.ok<{ content: string; hash: string }>(
      'GET',
      '/server/getNginxConfigContent',
      input,
    );
    expect(read.content).toBe('# one\n');
    await n.ok('PUT', '/server/editNginxConfig', { ...input, content: '# two\n', hash: read.hash });
    expect(isLink(link) && fs.readlinkSync(link)).toBe(relative);
    expect(fileText(target)).toBe('# two\n');

    await n.ok('POST', '/server/copyNginxConfig', {
      serverId: n.id,
      dir: n.p.sitesEnabled,
      srcName: 'inside.conf',
      dstName: 'copied.conf',
    });
    const copied = path.join(n.p.sitesEnabled, 'copied.conf');
    expect(isLink(copied)).toBe(false);
    expect(fileText(copied)).toBe('# two\n');

    const history = await n.ok<{ list: { id: number; action: string }[] }>(
      'GET',
      '/server/getNginxConfigHistory',
      input,
    );
    expect(history.list.map((v) => v.action)).toEqual(['edit', 'original']);
    await n.ok('POST', '/server/restoreNginxConfig', { serverId: n.id, id: history.list[1]!.id });
    expect(isLink(link) && fs.readlinkSync(link)).toBe(relative);
    expect(fileText(target)).toBe('# one\n');

    await n.ok('PUT', '/server/renameNginxConfig', {
      ...input,
      currentName: 'inside.conf',
      newName: 'renamed.conf',
    });
    const renamed = path.join(n.p.sitesEnabled, 'renamed.conf');
    expect(fs.existsSync(link)).toBe(false);
    expect(isLink(renamed) && fs.readlinkSync(renamed)).toBe(relative);
    expect(fileText(renamed)).toBe('# one\n');

    await n.ok('DELETE', '/server/deleteNginxConfig', { serverId: n.id, file: renamed });
    await n.ok('DELETE', '/server/deleteNginxConfig', { serverId: n.id, file: alias });
    expect(fs.existsSync(renamed) || fs.existsSync(alias)).toBe(false);
    expect(fileText(target)).toBe('# one\n');
    fs.rmSync(copied);
    expect([...leftovers(n.p.sitesAvailable), ...leftovers(n.p.sitesEnabled)]).toEqual([]);
  });

  it('waits for a change another console holds the lock for', async () => {
    const held = path.join(homeOf(n.sshd), 'held');
    const order: string[] = [];
    const holder = n.t.remoteRuns
      .execOnServer(1, n.id, `exec 9>>"$HOME/${LOCK_FILE}"; flock 9; touch held; sleep 2`, {
        timeoutS: 20,
        substitute: false,
      })
      .then(() => order.push('holder'));
    for (let i = 0; i < 500 && !fs.existsSync(held); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(fs.existsSync(held)).toBe(true);
    const input = { serverId: n.id, dir: n.p.confD, filename: 'waits.conf', content: '#\n' };
    await n.ok('POST', '/server/addNginxConfig', input);
    order.push('change');
    await holder;
    expect(order).toEqual(['holder', 'change']);
  });

  it('edits a file that is not UTF-8 with the hash its read answered', async () => {
    const bytes = Buffer.from('# caf\xe9\n', 'latin1');
    userFile(n.sshd, path.join(n.p.confD, 'latin.conf'), bytes);
    const input = { serverId: n.id, dir: n.p.confD, filename: 'latin.conf' };
    const read = await n.ok<{ hash: string; exact: boolean }>(
      'GET',
      '/server/getNginxConfigContent',
      input,
    );
    expect(read.hash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(read.exact).toBe(false);
    await n.ok('PUT', '/server/editNginxConfig', {
      ...input,
      content: '# cafe\n',
      hash: read.hash,
    });
    expect(fileText(path.join(n.p.confD, 'latin.conf'))).toBe('# cafe\n');
    expect(await n.ok('GET', '/server/getNginxConfigContent', input)).toMatchObject({
      content: '# cafe\n',
      exact: true,
    });
  });

  it("answers a file holding the server's password as not exact: it is shown masked", async () => {
    const file = path.join(n.p.confD, 'secret.conf');
    userFile(n.sshd, file, Buffer.from(`# ${n.sshd.password}\n`));
    const input = { serverId: n.id, dir: n.p.confD, filename: 'secret.conf' };
    expect(await n.ok('GET', '/server/getNginxConfigContent', input)).toMatchObject({
      content: '# ***\n',
      exact: false,
    });
    fs.rmSync(file);
  });
});
