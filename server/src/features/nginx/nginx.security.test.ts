import fs from 'node:fs';
import path from 'node:path';
import { Perm } from '@ferry/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, type Actor } from '../../../test/factories.js';
import {
  fileText,
  NGINX_BINARY,
  useNginxServer,
  type NginxPrefix,
} from '../../../test/nginx-fixtures.js';
import { secondNamespace } from '../../../test/project-fixtures.js';
import { homeOf } from '../../../test/remote-files.js';
import { addServer, serverForm } from '../../../test/server-fixtures.js';
import type { SshdServer } from '../../../test/sshd-fleet.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const server = useNginxServer({ running: false });
let t: TestApp;
let admin: Actor;
let sshd: SshdServer;
let id: number;
let p: NginxPrefix;
beforeAll(() => {
  ({ t, admin, sshd, id, p } = server);
});

const call = (actor: Actor, method: Method, url: string, input: object, ns = 1) =>
  t.call(method, url, {
    token: actor.token,
    ns,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });

/**
 * Every nginx route with an input that passes validation, and the permission it needs, in an order
 * where each succeeds (the edit stores versions 1 and 2, read and restored after it).
 */
function routes(serverId: number) {
  const file = { serverId, dir: p.confD, filename: 'app.conf' };
  return [
    [Perm.ShowServerNginxPage, 'GET', '/server/getNginxPath', { serverId }],
    [Perm.ShowServerNginxPage, 'GET', '/server/getNginxConfigList', { serverId }],
    [Perm.ShowServerNginxPage, 'GET', '/server/getNginxConfigContent', file],
    [Perm.ShowServerNginxPage, 'GET', '/server/getNginxConfigHistory', file],
    [Perm.ShowServerNginxPage, 'GET', '/server/getNginxEffectiveConfig', { serverId }],
    [
      Perm.ManageServerNginx,
      'PUT',
      '/server/setNginxPath',
      { serverId, path: NGINX_BINARY, prefix: p.prefix, conf: p.conf },
    ],
    [Perm.ManageServerNginx, 'POST', '/server/manageNginx', { serverId, command: 'check' }],
    [
      Perm.AddNginxConfig,
      'POST',
      '/server/addNginxConfig',
      { ...file, filename: 'new.txt', content: 'x' },
    ],
    [
      Perm.AddNginxConfig,
      'POST',
      '/server/copyNginxConfig',
      { serverId, dir: p.confD, srcName: 'app.conf', dstName: 'c.txt' },
    ],
    [
      Perm.EditNginxConfig,
      'PUT',
      '/server/editNginxConfig',
      { ...file, content: fileText(path.join(p.confD, 'app.conf')) },
    ],
    [Perm.ShowServerNginxPage, 'GET', '/server/getNginxConfigVersion', { serverId, id: 1 }],
    [
      Perm.EditNginxConfig,
      'PUT',
      '/server/renameNginxConfig',
      { serverId, dir: p.confD, currentName: 'c.txt', newName: 'd.txt' },
    ],
    [
      Perm.EditNginxConfig,
      'PUT',
      '/server/toggleNginxConfig',
      { ...file, filename: 'd.txt', enabled: false },
    ],
    [Perm.EditNginxConfig, 'POST', '/server/restoreNginxConfig', { serverId, id: 1 }],
    [
      Perm.DeleteNginxConfig,
      'DELETE',
      '/server/deleteNginxConfig',
      { serverId, file: path.join(p.confD, 'new.txt') },
    ],
  ] as const;
}

const NGINX_PERMS = [
  Perm.ShowServerNginxPage,
  Perm.ManageServerNginx,
  Perm.AddNginxConfig,
  Perm.EditNginxConfig,
  Perm.DeleteNginxConfig,
];

const confDNames = () => fs.readdirSync(p.confD).sort();

describe('nginx security', { timeout: 60_000 }, () => {
  it('opens each route to its permission alone', async () => {
    const before = confDNames();
    for (const [i, [perm, method, url, input]] of routes(id).entries()) {
      const without = await memberOf(t, admin, {
        account: `without${i}`,
        namespaceId: 1,
        permissionIds: [Perm.ShowServerPage, ...NGINX_PERMS.filter((x) => x !== perm)],
      });
      expect(await call(without, method, url, input), url).toMatchObject({
        code: 1,
        reason: 'permission_denied',
      });
    }
    expect(confDNames()).toEqual(before);
    for (const [i, [perm, method, url, input]] of routes(id).entries()) {
      const holder = await memberOf(t, admin, {
        account: `holder${i}`,
        namespaceId: 1,
        permissionIds: [perm],
      });
      const r = await call(holder, method, url, input);
      expect(r.code, `${url}: ${r.message}`).toBe(0);
    }
  });

  it("neither reads nor changes another namespace's server", async () => {
    const ns2 = await secondNamespace(t, admin);
    const foreign = await addServer(
      t,
      admin,
      serverForm(sshd, { name: 'foreign', namespaceId: ns2 }),
      ns2,
    );
    const before = confDNames();
    for (const [, method, url, input] of routes(foreign)) {
      expect(await call(admin, method, url, input), url).toMatchObject({ code: 1 });
    }
    // Versions of one server are not read through another.
    for (const [, method, url, input] of routes(id).filter(([, , u]) => u.includes('Version'))) {
      expect(await call(admin, method, url, { ...input, serverId: foreign }), url).toMatchObject({
        code: 1,
      });
    }
    expect(confDNames()).toEqual(before);
  });

  it('writes names with shell metacharacters literally and never runs them', async () => {
    const names = [
      '$(touch pwned1).txt',
      ';touch pwned2;.txt',
      `'q"uote.txt`,
      '`touch pwned3`.txt',
      '-rf',
      'a b\\c',
    ];
    const content = '$(touch pwned4)\nFERRY_B64_END\n\'"`\n';
    for (const filename of names) {
      const r = await call(admin, 'POST', '/server/addNginxConfig', {
        serverId: id,
        dir: p.confD,
        filename,
        content,
      });
      expect(r.code, `${filename}: ${r.message}`).toBe(0);
      expect(fileText(path.join(p.confD, filename))).toBe(content);
    }
    const renamed = await call(admin, 'PUT', '/server/renameNginxConfig', {
      serverId: id,
      dir: p.confD,
      currentName: '-rf',
      newName: '$(touch pwned5)',
    });
    expect(renamed.code, renamed.message).toBe(0);
    expect(fileText(path.join(p.confD, '$(touch pwned5)'))).toBe(content);
    const read = await call(admin, 'GET', '/server/getNginxConfigContent', {
      serverId: id,
      dir: p.confD,
      filename: '`touch pwned3`.txt',
    });
    expect(read).toMatchObject({ code: 0, data: { content } });
    const everywhere = [homeOf(sshd), p.prefix, p.confD, '/tmp', process.cwd()].flatMap((d) =>
      fs.readdirSync(d),
    );
    expect(everywhere.filter((n) => n.startsWith('pwned'))).toEqual([]);
  });

  it('refuses names and directories outside the configuration directories, naming the field', async () => {
    const refusals: [Method, string, object, string][] = [
      [
        'GET',
        '/server/getNginxConfigContent',
        { serverId: id, dir: '/etc', filename: 'passwd' },
        'dir',
      ],
      [
        'GET',
        '/server/getNginxConfigContent',
        { serverId: id, dir: homeOf(sshd), filename: '.profile' },
        'dir',
      ],
      [
        'GET',
        '/server/getNginxConfigContent',
        { serverId: id, dir: `${p.confD}/..`, filename: 'nginx.conf' },
        'dir',
      ],
      [
        'GET',
        '/server/getNginxConfigContent',
        { serverId: id, dir: p.confD, filename: '../nginx.conf' },
        'filename',
      ],
      [
        'POST',
        '/server/addNginxConfig',
        { serverId: id, dir: p.confD, filename: 'a\nb', content: '' },
        'filename',
      ],
      [
        'POST',
        '/server/addNginxConfig',
        { serverId: id, dir: '/tmp', filename: 'x.conf', content: '' },
        'dir',
      ],
      [
        'POST',
        '/server/copyNginxConfig',
        { serverId: id, dir: p.confD, srcName: 'app.conf', dstName: '..' },
        'dstName',
      ],
      [
        'PUT',
        '/server/renameNginxConfig',
        { serverId: id, dir: p.confD, currentName: 'app.conf', newName: 'x/y' },
        'newName',
      ],
      ['DELETE', '/server/deleteNginxConfig', { serverId: id, file: '/etc/passwd' }, 'file'],
      [
        'DELETE',
        '/server/deleteNginxConfig',
        { serverId: id, file: `${p.confD}/../nginx.conf` },
        'file',
      ],
      ['GET', '/server/getNginxConfigList', { serverId: id, dir: '/bin/sh' }, 'dir'],
      [
        'GET',
        '/server/getNginxConfigList',
        { serverId: id, dir: path.join(homeOf(sshd), 'nginx') },
        'dir',
      ],
      [
        'POST',
        '/server/manageNginx',
        { serverId: id, path: '/tmp/openresty', command: 'check' },
        'path',
      ],
      ['POST', '/server/manageNginx', { serverId: id, command: 'restart' }, 'command'],
      ['PUT', '/server/setNginxPath', { serverId: id, path: '/bin/bash' }, 'path'],
      ['PUT', '/server/setNginxPath', { serverId: id, path: 'nginx' }, 'path'],
    ];
    const before = confDNames();
    for (const [method, url, input, field] of refusals) {
      const r = await call(admin, method, url, input);
      expect(r, `${url} ${JSON.stringify(input)}`).toMatchObject({ code: 10003 });
      expect(r.message).toContain(field);
    }
    expect(confDNames()).toEqual(before);
    expect(fileText('/etc/passwd')).not.toBeNull();
  });
});
