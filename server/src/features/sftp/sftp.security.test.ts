import fs from 'node:fs';
import path from 'node:path';
import { Perm, WsClose } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { memberOf, useAdminApp, type Actor } from '../../../test/factories.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { homeOf, scratchDir, treeOf, userFile } from '../../../test/remote-files.js';
import { openSftp, rowsOf } from '../../../test/sftp-client.js';
import { addServer } from '../../../test/xterm-client.js';

const sshd = useOneSshd();

const FILE_PERMISSIONS = [
  Perm.SFTPUploadFile,
  Perm.SFTPPreviewFile,
  Perm.SFTPDownloadFile,
  Perm.SFTPTransferFile,
  Perm.SFTPDeleteFile,
  Perm.SFTPEditFile,
];

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** One call of each file route on `dir` of server `id`, valid apart from the caller's rights. */
function fileCalls(serverId: number, dir: string) {
  const calls: { name: string; method: Method; route: string; input: Record<string, unknown> }[] = [
    {
      name: 'preview',
      method: 'GET',
      route: 'previewFile',
      input: { id: serverId, file: `${dir}/f.txt` },
    },
    { name: 'read', method: 'GET', route: 'readFile', input: { serverId, file: `${dir}/f.txt` } },
    {
      name: 'edit',
      method: 'PUT',
      route: 'editFile',
      input: { serverId, file: `${dir}/f.txt`, content: 'edited' },
    },
    {
      name: 'rename',
      method: 'PUT',
      route: 'renameFile',
      input: { serverId, dir, currentName: 'f.txt', newName: 'g.txt' },
    },
    {
      name: 'copy',
      method: 'PUT',
      route: 'copyFile',
      input: { serverId, dir, srcName: 'f.txt', dstName: 'copy.txt' },
    },
    {
      name: 'delete',
      method: 'DELETE',
      route: 'deleteFile',
      input: { serverId, file: `${dir}/f.txt` },
    },
    {
      name: 'mkdir',
      method: 'POST',
      route: 'makeDirectory',
      input: { serverId, dir, name: 'made' },
    },
  ];
  return calls;
}

/** The permission each file route asks for (readFile: preview or edit). */
const NEEDS: Record<string, number> = {
  preview: Perm.SFTPPreviewFile,
  read: Perm.SFTPPreviewFile,
  edit: Perm.SFTPEditFile,
  rename: Perm.SFTPEditFile,
  copy: Perm.SFTPTransferFile,
  delete: Perm.SFTPDeleteFile,
  mkdir: Perm.SFTPUploadFile,
};

describe('the file manager guard', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let serverId: number;
  let dir: string;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });
  const setUp = async () => {
    serverId = await addServer(t, admin.token, sshd.server, { name: 'mine' });
    dir = scratchDir(sshd.server);
    userFile(sshd.server, path.join(dir, 'f.txt'), 'original');
  };
  /** Calls a route the way the web app does; answers the envelope (preview: code 0 when served). */
  const call = async (
    who: Actor,
    c: { method: Method; route: string; input: Record<string, unknown> },
  ) => {
    if (c.route === 'previewFile') {
      const res = await t.fastify.inject({
        method: 'GET',
        url: `/server/previewFile?${new URLSearchParams(c.input as Record<string, string>).toString()}`,
        headers: { cookie: `goploy_token=${who.token}`, 'g-n-id': '1' },
      });
      if (!String(res.headers['content-type']).startsWith('application/json'))
        return { code: 0, message: '' };
      return res.json<{ code: number; message: string }>();
    }
    return t.call(c.method, `/server/${c.route}`, {
      token: who.token,
      ns: 1,
      ...(c.method === 'GET' ? { query: c.input as Record<string, string> } : { body: c.input }),
    });
  };
  const logCount = async () => (await t.db.selectFrom('sftp_log').selectAll().execute()).length;

  it('refuses every file route to a member without its permission, touching nothing', async () => {
    await setUp();
    const outsider = await memberOf(t, admin, {
      account: 'outsider',
      namespaceId: 1,
      permissionIds: [Perm.ShowSftpFilePage, Perm.SFTPDownloadFile],
    });
    for (const c of fileCalls(serverId, dir)) {
      const r = await call(outsider, c);
      expect(r.code, c.name).toBe(1);
    }
    expect(treeOf(dir)).toEqual(['f.txt']);
    expect(fs.readFileSync(path.join(dir, 'f.txt'), 'utf8')).toBe('original');
    expect(await logCount()).toBe(0);

    // Each route opens with exactly the permission it names.
    for (const c of fileCalls(serverId, dir)) {
      const member = await memberOf(t, admin, {
        account: `may-${c.name}`,
        namespaceId: 1,
        permissionIds: [NEEDS[c.name]!],
      });
      const r = await call(member, c);
      expect(r.code, `${c.name}: ${r.message}`).toBe(0);
      if (c.name === 'rename') fs.renameSync(path.join(dir, 'g.txt'), path.join(dir, 'f.txt'));
      if (c.name === 'delete') userFile(sshd.server, path.join(dir, 'f.txt'), 'again');
    }
    const editor = await memberOf(t, admin, {
      account: 'editor',
      namespaceId: 1,
      permissionIds: [Perm.SFTPEditFile],
    });
    expect((await call(editor, fileCalls(serverId, dir)[1]!)).code).toBe(0); // read with edit
  });

  it('refuses the socket without permission 35 (4003) and the log routes without 4', async () => {
    await setUp();
    const member = await memberOf(t, admin, {
      account: 'no35',
      namespaceId: 1,
      permissionIds: FILE_PERMISSIONS,
    });
    const sftp = await openSftp(t, { token: member.token, 'G-N-ID': 1, serverId });
    expect((await sftp.closed).code).toBe(WsClose.denied);
    for (const route of ['/log/getSftpLogList', '/log/getSftpLogTotal']) {
      const r = await t.call('GET', route, {
        token: member.token,
        ns: 1,
        query: { page: 1, rows: 10 },
      });
      expect(r.code, route).toBe(1);
    }
    expect(await logCount()).toBe(0);
  });

  it('refuses a server of another namespace (code 1, 4003) and allows a shared one', async () => {
    await setUp();
    await t.call('POST', '/namespace/add', { token: admin.token, ns: 1, body: { name: 'other' } });
    const foreign = await addServer(t, admin.token, sshd.server, { ns: 2, name: 'theirs' });
    const bob = await memberOf(t, admin, {
      account: 'bob',
      namespaceId: 1,
      permissionIds: [Perm.ShowSftpFilePage, ...FILE_PERMISSIONS],
    });
    for (const c of fileCalls(foreign, dir)) {
      const r = await call(bob, c);
      expect(r.code, c.name).toBe(1);
      expect(r.message).toMatch(/not found or not in this namespace/);
    }
    const refused = await openSftp(t, { token: bob.token, 'G-N-ID': 1, serverId: foreign });
    expect((await refused.closed).code).toBe(WsClose.denied);
    expect(treeOf(dir)).toEqual(['f.txt']);
    expect(await logCount()).toBe(0);

    const shared = await t.call<{ id: number }>('POST', '/server/add', {
      token: admin.token,
      ns: 1,
      body: {
        name: 'shared',
        namespaceId: 0,
        ip: sshd.server.host,
        port: sshd.server.port,
        owner: sshd.server.user,
        authType: 'password',
        password: sshd.server.password,
      },
    });
    const [read] = fileCalls(shared.data.id, dir).slice(1);
    expect((await call(bob, read!)).code).toBe(0);
    const sftp = await openSftp(t, { token: bob.token, 'G-N-ID': 1, serverId: shared.data.id });
    expect((await sftp.list(dir)).at(-1)!.frame).toMatchObject({ code: 0, total: 1 });
    sftp.ws.terminate();
  });

  it('refuses .., NUL and over-long paths and names with 10003 naming the field', async () => {
    await setUp();
    const long = `/${'a'.repeat(4100)}`;
    const badPaths = ['/srv/../etc', '/srv/a\0b', long, 'relative'];
    const badNames = ['..', '.', 'a/b', 'a\0b', 'n'.repeat(256)];
    const probes: [Method, string, Record<string, unknown>, string][] = [];
    for (const p of badPaths) {
      probes.push(['GET', 'previewFile', { id: serverId, file: p }, 'file']);
      probes.push(['GET', 'readFile', { serverId, file: p }, 'file']);
      probes.push(['PUT', 'editFile', { serverId, file: p, content: 'x' }, 'file']);
      probes.push(['DELETE', 'deleteFile', { serverId, file: p, recursive: 1 }, 'file']);
      probes.push([
        'PUT',
        'renameFile',
        { serverId, dir: p, currentName: 'f.txt', newName: 'g' },
        'dir',
      ]);
      probes.push(['PUT', 'copyFile', { serverId, dir: p, srcName: 'f.txt', dstName: 'g' }, 'dir']);
      probes.push(['POST', 'makeDirectory', { serverId, dir: p, name: 'm' }, 'dir']);
    }
    for (const n of badNames) {
      probes.push([
        'PUT',
        'renameFile',
        { serverId, dir, currentName: 'f.txt', newName: n },
        'newName',
      ]);
      probes.push([
        'PUT',
        'renameFile',
        { serverId, dir, currentName: n, newName: 'g' },
        'currentName',
      ]);
      probes.push(['PUT', 'copyFile', { serverId, dir, srcName: n, dstName: 'g' }, 'srcName']);
      probes.push(['PUT', 'copyFile', { serverId, dir, srcName: 'f.txt', dstName: n }, 'dstName']);
      probes.push(['POST', 'makeDirectory', { serverId, dir, name: n }, 'name']);
    }
    for (const [method, route, input, field] of probes) {
      const r = await call(admin, { method, route, input });
      expect(r.code, `${route} ${JSON.stringify(input).slice(0, 80)}`).toBe(10003);
      expect(r.message.startsWith(`${field} `), r.message).toBe(true);
    }
    const sftp = await openSftp(t, { token: admin.token, 'G-N-ID': 1, serverId });
    for (const p of badPaths) {
      const [frame] = await sftp.list(p);
      expect(frame!.frame.code).toBe(10003);
      expect(frame!.frame.message).toMatch(/^path /);
    }
    sftp.ws.terminate();
    expect(treeOf(dir)).toEqual(['f.txt']);
    expect(await logCount()).toBe(0);
  });

  it('treats names with shell syntax as plain names everywhere', async () => {
    await setUp();
    const home = homeOf(sshd.server);
    const homeBefore = fs.readdirSync(home).sort();
    const names = [
      'a;touch x',
      '$(touch y)',
      '`touch z`',
      'line\nbreak',
      '-rf',
      `it's "q" & b|c>d`,
    ];
    const api = (method: Method, route: string, input: Record<string, unknown>) =>
      call(admin, { method, route, input: { serverId, ...input } });
    const ok = (r: { code: number; message: string }) => expect(r.message).toBe('');
    for (const n of names) {
      ok(await api('POST', 'makeDirectory', { dir, name: n }));
      userFile(sshd.server, path.join(dir, n, 'inside'), 'i');
      ok(await api('PUT', 'editFile', { file: `${dir}/${n}.txt`, content: n }));
      ok(await api('PUT', 'copyFile', { dir, srcName: `${n}.txt`, dstName: `${n}.copy` }));
      ok(await api('PUT', 'copyFile', { dir, srcName: n, dstName: `${n}.dircopy`, isDir: true }));
      ok(await api('PUT', 'renameFile', { dir, currentName: `${n}.txt`, newName: `${n}.moved` }));
      ok(await api('PUT', 'editFile', { file: `${dir}/${n}.moved`, content: `${n}!` }));
    }
    const sftp = await openSftp(t, { token: admin.token, 'G-N-ID': 1, serverId });
    const listed = rowsOf(await sftp.list(dir))
      .map((e) => e.name)
      .sort();
    expect(listed).toEqual(
      ['f.txt', ...names.flatMap((n) => [n, `${n}.copy`, `${n}.dircopy`, `${n}.moved`])].sort(),
    );
    for (const n of names) {
      expect(fs.readFileSync(path.join(dir, `${n}.moved`), 'utf8')).toBe(`${n}!`);
      expect(fs.readFileSync(path.join(dir, `${n}.copy`), 'utf8')).toBe(n);
      expect(fs.readFileSync(path.join(dir, `${n}.dircopy`, 'inside'), 'utf8')).toBe('i');
      ok(await api('DELETE', 'deleteFile', { file: `${dir}/${n}.moved` }));
      ok(await api('DELETE', 'deleteFile', { file: `${dir}/${n}`, recursive: 1 }));
      ok(await api('DELETE', 'deleteFile', { file: `${dir}/${n}.dircopy`, recursive: 1 }));
    }
    expect(treeOf(dir)).toEqual(['f.txt', ...names.map((n) => `${n}.copy`)].sort());
    // Nothing ran: no file appeared in the home directory (where commands start) or elsewhere.
    expect(fs.readdirSync(home).sort()).toEqual(homeBefore);
    for (const stray of ['x', 'y', 'z']) {
      expect(fs.existsSync(path.join(home, stray))).toBe(false);
      expect(fs.existsSync(path.join(dir, stray))).toBe(false);
    }
    sftp.ws.terminate();
  });
});
