import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileText, useNginxServer } from '../../../test/nginx-fixtures.js';
import { homeOf, userDir, userFile } from '../../../test/remote-files.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Files of the configuration directories that are symbolic links to a file elsewhere in the
 * user's home: no nginx route reads, writes, copies, renames, deletes, enables or restores through
 * them. The target is valid nginx text (a comment), so nothing is stopped by `nginx -t` instead.
 */
const n = useNginxServer({ running: false });

const SECRET = '# s3cr3t-token, not configuration\n';
let secret: string;
/** sites-available/link-out.conf → ~/files/secret.txt (absolute). */
let linkOut: string;
/** conf.d/link-out.conf.disabled → ../../../files/secret.txt (relative). */
let disabledOut: string;
/** sites-available/dangling.conf → ~/files/absent.txt (which does not exist). */
let dangling: string;

function link(target: string, at: string) {
  fs.symlinkSync(target, at);
  fs.lchownSync(at, n.sshd.uid, n.sshd.uid);
}

beforeAll(() => {
  const files = path.join(homeOf(n.sshd), 'files');
  userDir(n.sshd, files);
  secret = path.join(files, 'secret.txt');
  userFile(n.sshd, secret, SECRET);
  linkOut = path.join(n.p.sitesAvailable, 'link-out.conf');
  link(secret, linkOut);
  disabledOut = path.join(n.p.confD, 'link-out.conf.disabled');
  link(path.relative(n.p.confD, secret), disabledOut);
  dangling = path.join(n.p.sitesAvailable, 'dangling.conf');
  link(path.join(files, 'absent.txt'), dangling);
});

/**
 * Expects the refusal of a link out: 10003 naming the field and the file (each route's failure
 * told, the others still tried).
 */
async function refused(method: Method, url: string, input: object, field: string, file: string) {
  const r = await n.call(method, url, input);
  const said = `${url} ${JSON.stringify(input)}`;
  expect.soft(r, said).toMatchObject({ code: 10003 });
  expect.soft(r.message, said).toContain(`${field} must not name a link out`);
  expect.soft(r.message, said).toContain(file);
  expect.soft(JSON.stringify(r), said).not.toContain('s3cr3t');
}

describe('nginx files linked out of the configuration directories', { timeout: 60_000 }, () => {
  it('are listed as links out, with their targets', async () => {
    const listed = await n.ok<{
      list: { name: string; dir: string; link: string; linkOut: boolean }[];
    }>('GET', '/server/getNginxConfigList', { serverId: n.id });
    const row = (dir: string, name: string) =>
      listed.list.find((r) => r.dir === dir && r.name === name);
    expect(row(n.p.sitesAvailable, 'link-out.conf')).toMatchObject({ link: secret, linkOut: true });
    expect(row(n.p.confD, 'link-out.conf.disabled')).toMatchObject({
      link: secret,
      linkOut: true,
    });
    expect(row(n.p.confD, 'app.conf')).toMatchObject({ link: '', linkOut: false });
  });

  it('are neither read nor written through any route, and their targets stay as they were', async () => {
    const avail = { serverId: n.id, dir: n.p.sitesAvailable };
    const conf = { serverId: n.id, dir: n.p.confD };
    await refused(
      'GET',
      '/server/getNginxConfigContent',
      { ...avail, filename: 'link-out.conf' },
      'filename',
      linkOut,
    );
    for (const hash of [undefined, 'f'.repeat(64)]) {
      await refused(
        'PUT',
        '/server/editNginxConfig',
        { ...avail, filename: 'link-out.conf', content: '# overwritten\n', ...(hash && { hash }) },
        'filename',
        linkOut,
      );
    }
    await refused(
      'PUT',
      '/server/editNginxConfig',
      { ...avail, filename: 'dangling.conf', content: '# created\n' },
      'filename',
      dangling,
    );
    await refused(
      'POST',
      '/server/addNginxConfig',
      { ...avail, filename: 'dangling.conf', content: '# created\n' },
      'filename',
      dangling,
    );
    await refused(
      'POST',
      '/server/copyNginxConfig',
      { ...avail, srcName: 'link-out.conf', dstName: 'copied.conf' },
      'srcName',
      linkOut,
    );
    await refused(
      'POST',
      '/server/copyNginxConfig',
      { ...conf, srcName: 'app.conf', dstName: 'link-out.conf.disabled' },
      'dstName',
      disabledOut,
    );
    await refused(
      'PUT',
      '/server/renameNginxConfig',
      { ...avail, currentName: 'link-out.conf', newName: 'renamed.conf' },
      'currentName',
      linkOut,
    );
    await refused(
      'PUT',
      '/server/toggleNginxConfig',
      { ...avail, filename: 'link-out.conf', enabled: true },
      'filename',
      linkOut,
    );
    await refused(
      'PUT',
      '/server/toggleNginxConfig',
      { ...conf, filename: 'link-out.conf.disabled', enabled: true },
      'filename',
      disabledOut,
    );
    await refused(
      'DELETE',
      '/server/deleteNginxConfig',
      { serverId: n.id, file: linkOut },
      'file',
      linkOut,
    );
    expect(
      await n.ok('GET', '/server/getNginxConfigHistory', { ...avail, filename: 'link-out.conf' }),
    ).toEqual({ list: [] });
    const effective = await n.ok<{ output: string }>('GET', '/server/getNginxEffectiveConfig', {
      serverId: n.id,
    });
    expect(effective.output).not.toContain('s3cr3t');

    expect(fileText(secret)).toBe(SECRET);
    expect(fs.readlinkSync(linkOut)).toBe(secret);
    expect(fs.readlinkSync(disabledOut)).toBe(path.relative(n.p.confD, secret));
    expect(fs.existsSync(path.join(homeOf(n.sshd), 'files', 'absent.txt'))).toBe(false);
    for (const gone of [
      path.join(n.p.sitesAvailable, 'copied.conf'),
      path.join(n.p.sitesAvailable, 'renamed.conf'),
      path.join(n.p.sitesEnabled, 'link-out.conf'),
      path.join(n.p.confD, 'link-out.conf'),
    ]) {
      expect(fs.existsSync(gone), gone).toBe(false);
    }
    const versions = await n.t.db.selectFrom('nginx_config_version').select('content').execute();
    expect(versions.filter((v) => v.content.includes('s3cr3t'))).toEqual([]);
  });

  it('restores no version through a link out that took the file’s place', async () => {
    const file = path.join(n.p.sitesAvailable, 'was.conf');
    const input = { serverId: n.id, dir: n.p.sitesAvailable, filename: 'was.conf' };
    await n.ok('POST', '/server/addNginxConfig', { ...input, content: '# was\n' });
    const history = await n.ok<{ list: { id: number }[] }>(
      'GET',
      '/server/getNginxConfigHistory',
      input,
    );
    const id = history.list[0]!.id;
    fs.rmSync(file);
    link(secret, file);
    await refused('POST', '/server/restoreNginxConfig', { serverId: n.id, id }, 'id', file);
    fs.rmSync(file);
    link(path.join(homeOf(n.sshd), 'files', 'restored.txt'), file);
    await refused('POST', '/server/restoreNginxConfig', { serverId: n.id, id }, 'id', file);
    expect(fileText(secret)).toBe(SECRET);
    expect(fs.existsSync(path.join(homeOf(n.sshd), 'files', 'restored.txt'))).toBe(false);
    expect(fs.readlinkSync(file)).toBe(path.join(homeOf(n.sshd), 'files', 'restored.txt'));
  });
});
