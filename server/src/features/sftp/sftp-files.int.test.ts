import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { MAX_TEXT_FILE_BYTES } from '@ferry/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { listProcesses } from '../../../test/linux-processes.js';
import { useOneSshd } from '../../../test/one-sshd.js';
import { homeOf, scratchDir, treeOf, userDir, userFile } from '../../../test/remote-files.js';
import { addServer } from '../../../test/xterm-client.js';
import { encodeGb18030 } from './gb18030-encoder.js';

const sshd = useOneSshd();

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const modeOf = (file: string) => fs.statSync(file).mode & 0o7777;

describe('the file routes', { timeout: 60_000 }, () => {
  let t: TestApp;
  let admin: Actor;
  let serverId: number;
  let dir: string;
  useAdminApp((app, a) => {
    t = app;
    admin = a;
  });

  const setUp = async () => {
    serverId = await addServer(t, admin.token, sshd.server, { name: 'files' });
    dir = scratchDir(sshd.server);
  };
  const api = <T = null>(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    route: string,
    input: Record<string, unknown>,
  ) =>
    t.call<T>(method, `/server/${route}`, {
      token: admin.token,
      ns: 1,
      ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
    });
  const preview = (file: string) =>
    t.fastify.inject({
      method: 'GET',
      url: `/server/previewFile?id=${serverId}&file=${encodeURIComponent(file)}`,
      headers: { cookie: `goploy_token=${admin.token}`, 'g-n-id': '1' },
    });
  const read = (file: string) =>
    api<{ content: string; encoding: string; size: number; mtime: number; mode: string }>(
      'GET',
      'readFile',
      { serverId, file },
    );
  const logRows = () =>
    t.db
      .selectFrom('sftp_log')
      .select(['type', 'path', 'state', 'reason', 'detail', 'server_id', 'user_id'])
      .orderBy('id')
      .execute();

  it('previews text, markup and images inline in a sandbox, anything else as a download', async () => {
    await setUp();
    userFile(sshd.server, path.join(dir, 'notes.txt'), 'hello\n');
    userFile(sshd.server, path.join(dir, 'page é.html'), '<script>alert(1)</script>');
    fs.writeFileSync(path.join(dir, 'pixel.png'), PNG);
    fs.writeFileSync(path.join(dir, 'blob.bin'), Buffer.from([1, 2, 3]));

    const text = await preview(`${dir}/notes.txt`);
    expect(text.statusCode).toBe(200);
    expect(text.body).toBe('hello\n');
    expect(text.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    });
    const html = await preview(`${dir}/page é.html`);
    expect(html.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(html.headers['content-disposition']).toBe(
      `inline; filename="page _.html"; filename*=UTF-8''page%20%C3%A9.html`,
    );
    const image = await preview(`${dir}/pixel.png`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const blob = await preview(`${dir}/blob.bin`);
    expect(blob.headers['content-type']).toBe('application/octet-stream');
    expect(blob.headers['content-disposition']).toMatch(/^attachment; /);

    const missing = (await preview(`${dir}/missing.txt`)).json<{ code: number; reason: string }>();
    expect(missing).toMatchObject({ code: 2, reason: 'file_missing' });
    const folder = (await preview(dir)).json<{ code: number; reason: string }>();
    expect(folder).toMatchObject({ code: 2, reason: 'not_a_file' });
    await expect.poll(async () => (await logRows()).length).toBe(6);
    expect((await logRows()).map((r) => [r.type, r.state])).toEqual([
      ['PREVIEW', 1],
      ['PREVIEW', 1],
      ['PREVIEW', 1],
      ['PREVIEW', 1],
      ['PREVIEW', 0],
      ['PREVIEW', 0],
    ]);
  });

  it('stops reading a previewed file when the browser goes', async () => {
    await setUp();
    const big = path.join(dir, 'big.pdf');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 512 * 1024 * 1024);
    await t.fastify.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.fastify.server.address() as AddressInfo;
    const userProcesses = () => listProcesses().filter((p) => p.uid === sshd.server.uid).length;
    const before = userProcesses();
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        `http://127.0.0.1:${port}/server/previewFile?id=${serverId}&file=${encodeURIComponent(big)}`,
        { headers: { cookie: `goploy_token=${admin.token}`, 'g-n-id': '1' } },
        (res) => {
          expect(res.headers['content-type']).toBe('application/pdf');
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received < 1024 * 1024) return;
            req.destroy(); // the browser goes after the first MiB
            resolve();
          });
        },
      );
      req.on('error', (err) => (received >= 1024 * 1024 ? undefined : reject(err)));
    });
    // The SFTP channel's process on the server ends with the stream: the channel was released.
    await expect.poll(userProcesses, { timeout: 5000 }).toBeLessThanOrEqual(before);
    expect(received).toBeLessThan(512 * 1024 * 1024);
  });

  it('reads text in its encoding and refuses binary and over-large files', async () => {
    await setUp();
    const files: [string, Buffer, string, string][] = [
      ['utf8.txt', Buffer.from('héllo ✓\n'), 'utf-8', 'héllo ✓\n'],
      ['le.txt', Buffer.from('\uFEFFwide ✓\n', 'utf16le'), 'utf-16le', '\uFEFFwide ✓\n'],
      ['gb.txt', encodeGb18030('配置文件\n'), 'gb18030', '配置文件\n'],
    ];
    for (const [name, bytes, encoding, content] of files) {
      userFile(sshd.server, path.join(dir, name), bytes, 0o640);
      const r = await read(`${dir}/${name}`);
      expect(r.data, name).toEqual({
        content,
        encoding,
        size: bytes.length,
        mtime: Math.floor(fs.statSync(path.join(dir, name)).mtimeMs / 1000),
        mode: '-rw-r-----',
      });
    }
    fs.writeFileSync(path.join(dir, 'pixel.png'), PNG);
    expect(await read(`${dir}/pixel.png`)).toMatchObject({ code: 2, reason: 'not_text' });
    const big = path.join(dir, 'big.log');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, MAX_TEXT_FILE_BYTES + 1);
    expect(await read(big)).toMatchObject({ code: 2, reason: 'file_too_large' });
    expect(await read(`${dir}/none`)).toMatchObject({ code: 2, reason: 'file_missing' });
    // A FIFO would block the channel until a writer came: refused before it is opened.
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    expect(await read(`${dir}/pipe`)).toMatchObject({ code: 2, reason: 'not_a_file' });
    const piped = (await preview(`${dir}/pipe`)).json<{ code: number; reason: string }>();
    expect(piped).toMatchObject({ code: 2, reason: 'not_a_file' });
  });

  it('saves an edit atomically in the encoding it was read, keeping the mode', async () => {
    await setUp();
    const file = path.join(dir, 'app.conf');
    userFile(sshd.server, file, encodeGb18030('名字=旧\n'), 0o640);
    const opened = (await read(file)).data;
    expect(opened.encoding).toBe('gb18030');
    const saved = await api('PUT', 'editFile', {
      serverId,
      file,
      content: '名字=新\n',
      encoding: opened.encoding,
      size: opened.size,
      mtime: opened.mtime,
    });
    expect(saved).toMatchObject({ code: 0 });
    expect(fs.readFileSync(file).equals(encodeGb18030('名字=新\n'))).toBe(true);
    expect(modeOf(file)).toBe(0o640);
    expect(fs.statSync(file).uid).toBe(sshd.server.uid);
    expect(treeOf(dir)).toEqual(['app.conf']); // no temporary file left behind
    // The text (it may hold secrets) stays out of the operation log; the SFTP log has the edit.
    const operations = await t.db.selectFrom('operation_log').select('request_data').execute();
    expect(operations.map((o) => o.request_data).join()).not.toContain('名字');

    // Through a link: the file it leads to changes, the link stays a link.
    fs.symlinkSync('app.conf', path.join(dir, 'current.conf'));
    await api('PUT', 'editFile', { serverId, file: `${dir}/current.conf`, content: 'x=1\n' });
    expect(fs.lstatSync(path.join(dir, 'current.conf')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('x=1\n');

    // A new file is created.
    const created = await api('PUT', 'editFile', {
      serverId,
      file: `${dir}/new.txt`,
      content: 'n',
    });
    expect(created.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'new.txt'), 'utf8')).toBe('n');
  });

  it('refuses to overwrite a file changed on the server since it was opened', async () => {
    await setUp();
    const file = path.join(dir, 'shared.txt');
    userFile(sshd.server, file, 'original\n');
    const opened = (await read(file)).data;
    fs.appendFileSync(file, 'changed by someone else\n');
    const edit = () =>
      api('PUT', 'editFile', {
        serverId,
        file,
        content: 'mine\n',
        size: opened.size,
        mtime: opened.mtime,
      });
    const refused = await edit();
    expect(refused).toMatchObject({ code: 2, reason: 'file_changed' });
    expect(refused.message).toMatch(/changed on the server after it was opened/);
    expect(fs.readFileSync(file, 'utf8')).toBe('original\nchanged by someone else\n');

    // Same size, another modification time.
    fs.writeFileSync(file, 'original\n');
    const later = new Date((opened.mtime + 60) * 1000);
    fs.utimesSync(file, later, later);
    expect(await edit()).toMatchObject({ code: 2, reason: 'file_changed' });
    fs.rmSync(file);
    expect(await edit()).toMatchObject({ code: 2, reason: 'file_changed' });
    expect(treeOf(dir)).toEqual([]);
    const rows = await logRows();
    expect(rows.filter((r) => r.type === 'EDIT').map((r) => r.state)).toEqual([0, 0, 0]);
  });

  it('renames, refusing a name that is taken', async () => {
    await setUp();
    userFile(sshd.server, path.join(dir, 'a.txt'), 'a');
    userFile(sshd.server, path.join(dir, 'b.txt'), 'b');
    const rename = (currentName: string, newName: string) =>
      api('PUT', 'renameFile', { serverId, dir, currentName, newName });
    expect(await rename('a.txt', 'b.txt')).toMatchObject({ code: 2, reason: 'file_exists' });
    expect(await rename('a.txt', 'c.txt')).toMatchObject({ code: 0 });
    expect(treeOf(dir)).toEqual(['b.txt', 'c.txt']);
    expect(await rename('gone', 'd')).toMatchObject({ code: 2, reason: 'file_missing' });
    const rows = await logRows();
    expect(rows.map((r) => [r.type, r.path, r.detail, r.state])).toEqual([
      ['RENAME', `${dir}/a.txt`, `${dir}/b.txt`, 0],
      ['RENAME', `${dir}/a.txt`, `${dir}/c.txt`, 1],
      ['RENAME', `${dir}/gone`, `${dir}/d`, 0],
    ]);
    expect(rows[0]!.reason).toBe(`${dir}/b.txt already exists`);
  });

  it('copies files and directories with their modes, refusing a name that is taken', async () => {
    await setUp();
    userFile(sshd.server, path.join(dir, 'run.sh'), 'echo hi\n', 0o750);
    userDir(sshd.server, path.join(dir, 'conf', 'sub'));
    userFile(sshd.server, path.join(dir, 'conf', 'sub', 'x.ini'), 'x=1');
    const copy = (srcName: string, dstName: string, isDir = false) =>
      api('PUT', 'copyFile', { serverId, dir, srcName, dstName, isDir });
    expect(await copy('run.sh', 'run-copy.sh')).toMatchObject({ code: 0 });
    expect(modeOf(path.join(dir, 'run-copy.sh'))).toBe(0o750);
    expect(await copy('conf', 'conf-copy', true)).toMatchObject({ code: 0 });
    expect(fs.readFileSync(path.join(dir, 'conf-copy', 'sub', 'x.ini'), 'utf8')).toBe('x=1');
    expect(await copy('run.sh', 'conf')).toMatchObject({ code: 2, reason: 'file_exists' });
    expect(treeOf(path.join(dir, 'conf'))).toEqual(['sub', 'sub/x.ini']);
    fs.chmodSync(path.join(dir, 'conf', 'sub', 'x.ini'), 0o000);
    const denied = await copy('conf', 'conf-2', true);
    expect(denied).toMatchObject({ code: 2, reason: 'file_failed' });
    expect(denied.message).toMatch(/^Cannot copy .*conf: cp: .*Permission denied/);
    const rows = await logRows();
    expect(rows.map((r) => [r.type, r.detail, r.state])).toEqual([
      ['COPY', `${dir}/run-copy.sh`, 1],
      ['COPY', `${dir}/conf-copy`, 1],
      ['COPY', `${dir}/conf`, 0],
      ['COPY', `${dir}/conf-2`, 0],
    ]);
  });

  it('deletes files, links and empty directories; a full one only when asked to', async () => {
    await setUp();
    userFile(sshd.server, path.join(dir, 'f.txt'), 'f');
    userDir(sshd.server, path.join(dir, 'empty'));
    userDir(sshd.server, path.join(dir, 'full', 'deep'));
    userFile(sshd.server, path.join(dir, 'full', 'deep', 'x'), 'x');
    fs.symlinkSync('full', path.join(dir, 'link-to-full'));
    const del = (file: string, recursive?: 0 | 1) =>
      api('DELETE', 'deleteFile', {
        serverId,
        file,
        ...(recursive === undefined ? {} : { recursive }),
      });
    expect(await del(`${dir}/f.txt`)).toMatchObject({ code: 0 });
    expect(await del(`${dir}/empty`)).toMatchObject({ code: 0 });
    expect(await del(`${dir}/link-to-full`)).toMatchObject({ code: 0 });
    expect(treeOf(dir)).toEqual(['full', 'full/deep', 'full/deep/x']);
    const refused = await del(`${dir}/full`);
    expect(refused).toMatchObject({ code: 2, reason: 'directory_not_empty' });
    expect(treeOf(dir)).toEqual(['full', 'full/deep', 'full/deep/x']);
    expect(await del(`${dir}/full`, 1)).toMatchObject({ code: 0 });
    expect(treeOf(dir)).toEqual([]);
    expect(await del(`${dir}/none`)).toMatchObject({ code: 2, reason: 'file_missing' });

    for (const file of ['/', homeOf(sshd.server)]) {
      const r = await del(file, 1);
      expect(r).toMatchObject({ code: 10003, message: 'file must not be / or the home directory' });
    }
    expect(fs.existsSync(path.join(homeOf(sshd.server), '.ssh'))).toBe(true);
    const rows = await logRows();
    expect(rows.map((r) => [r.type, r.path, r.state, r.detail])).toEqual([
      ['DELETE', `${dir}/f.txt`, 1, ''],
      ['DELETE', `${dir}/empty`, 1, ''],
      ['DELETE', `${dir}/link-to-full`, 1, ''],
      ['DELETE', `${dir}/full`, 0, ''],
      ['DELETE', `${dir}/full`, 1, 'recursive'],
      ['DELETE', `${dir}/none`, 0, ''],
      ['DELETE', homeOf(sshd.server), 0, 'recursive'],
    ]);
    expect(rows[3]!.reason).toMatch(/is not empty/);
  });

  it('makes a directory, refusing a name that is taken', async () => {
    await setUp();
    const mkdir = (name: string) => api('POST', 'makeDirectory', { serverId, dir, name });
    expect(await mkdir('logs')).toMatchObject({ code: 0 });
    expect(fs.statSync(path.join(dir, 'logs')).isDirectory()).toBe(true);
    expect(await mkdir('logs')).toMatchObject({ code: 2, reason: 'file_exists' });
    expect(await api('POST', 'makeDirectory', { serverId, dir: '/proc', name: 'x' })).toMatchObject(
      { code: 2 },
    );
    const rows = await logRows();
    expect(rows.map((r) => [r.type, r.path, r.state])).toEqual([
      ['MKDIR', `${dir}/logs`, 1],
      ['MKDIR', `${dir}/logs`, 0],
      ['MKDIR', '/proc/x', 0],
    ]);
    expect(rows[0]).toMatchObject({ server_id: serverId, user_id: admin.id, reason: '' });
  });
});
