import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { addProject, projectForm } from '../../../test/project-fixtures.js';
import { clonedProject, useBrowsableOrigin } from '../../../test/repository-fixtures.js';

const origin = useBrowsableOrigin();

interface Entry {
  name: string;
  size: number;
  mode: string;
  modTime: string;
  isDir: boolean;
  isLink: boolean;
  linkTarget: string;
}

describe('repository files', () => {
  let t: TestApp;
  let admin: Actor;
  let id: number;
  let copy: string;
  useAdminApp((app, actor) => {
    t = app;
    admin = actor;
  });

  const setUp = async () => ({ id, copy } = await clonedProject(t, admin, origin()));
  const list = (url: string, input: Record<string, string | number>) =>
    t.call<{ list: Entry[] }>('GET', url, { token: admin.token, ns: 1, query: input });
  const remove = (file: string) =>
    t.call('DELETE', '/repository/deleteFile', { token: admin.token, ns: 1, body: { id, file } });
  const stream = (url: string, query: Record<string, string>) =>
    t.fastify.inject({
      method: 'GET',
      url,
      query,
      headers: { cookie: `goploy_token=${admin.token}`, 'g-n-id': '1' },
    });

  it('lists the working copy with goploy fields, links as links, directories first', async () => {
    await setUp();
    const root = await list('/repository/getFileList', { id, dir: '' });
    expect(root.code).toBe(0);
    const names = root.data.list.map((e) => e.name);
    expect(names).toEqual([
      '.git',
      'src',
      'to-src',
      'README.md',
      'logo.png',
      'out-dir',
      'out-file',
      'page.html',
      'to-app',
    ]);
    const byName = new Map(root.data.list.map((e) => [e.name, e]));
    expect(byName.get('README.md')).toMatchObject({
      size: 6,
      mode: '-rw-r--r--',
      isDir: false,
      isLink: false,
      linkTarget: '',
    });
    expect(byName.get('README.md')?.modTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(byName.get('to-src')).toMatchObject({ isDir: true, isLink: true, linkTarget: 'src' });
    expect(byName.get('to-src')?.mode).toMatch(/^l/);
    // A link that leads out is shown as a link, never opened as a directory.
    expect(byName.get('out-dir')).toMatchObject({
      isDir: false,
      isLink: true,
      linkTarget: origin().outside,
    });
  });

  it('opens a directory by a relative path or through a link inside, and answers the compare dialog', async () => {
    await setUp();
    for (const dir of ['src', 'src/', './src', 'to-src']) {
      const r = await list('/repository/getFileList', { id, dir });
      expect([dir, r.data.list.map((e) => e.name)]).toEqual([dir, ['lib', 'app.js']]);
    }
    const compare = await t.call<Entry[]>('GET', '/project/getReposFileList', {
      token: admin.token,
      ns: 1,
      query: { id, path: 'src/lib' },
    });
    expect(compare.data.map((e) => e.name)).toEqual(['util.js']);
    const slash = await list('/repository/getFileList', { id, dir: '/' });
    expect(slash.data.list).toHaveLength(9);
  });

  it("answers goploy's file browser, which builds every path from /, as it answers relative paths", async () => {
    await setUp();
    for (const [sent, relative] of [
      ['/src', 'src'],
      ['/src/lib', 'src/lib'],
      ['/to-src', 'to-src'],
    ] as const) {
      const a = await list('/repository/getFileList', { id, dir: sent });
      const b = await list('/repository/getFileList', { id, dir: relative });
      expect([sent, a.code, a.data]).toEqual([sent, 0, b.data]);
    }
    for (const [sent, relative] of [
      ['/README.md', 'README.md'],
      ['/src/app.js', 'src/app.js'],
    ] as const) {
      for (const url of ['/repository/previewFile', '/repository/downloadFile']) {
        const a = await stream(url, { id: String(id), file: sent });
        const b = await stream(url, { id: String(id), file: relative });
        expect([sent, url, a.statusCode, a.body]).toEqual([sent, url, 200, b.body]);
      }
    }
    // A root path names the copy's file, never the machine's.
    const system = await stream('/repository/previewFile', { id: String(id), file: '/etc/passwd' });
    expect(system.json()).toMatchObject({ code: 2, reason: 'file_missing' });
    const outside = await stream('/repository/previewFile', { id: String(id), file: '/out-file' });
    expect(outside.json()).toMatchObject({ code: 2, reason: 'path_outside_working_copy' });
    expect((await remove('/src/lib/util.js')).code).toBe(0);
    expect(fs.existsSync(path.join(copy, 'src/lib/util.js'))).toBe(false);
    expect(fs.existsSync(path.join(copy, 'src/app.js'))).toBe(true);
  });

  it('previews by type in a sandbox, markup as plain text, and downloads as an attachment', async () => {
    await setUp();
    const text = await stream('/repository/previewFile', { id: String(id), file: 'src/app.js' });
    expect(text.statusCode).toBe(200);
    expect(text.body).toBe('console.log(1)\n');
    expect(text.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': `inline; filename="app.js"; filename*=UTF-8''app.js`,
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
    });
    const html = await stream('/repository/previewFile', { id: String(id), file: 'page.html' });
    expect(html.headers['content-type']).toBe('text/plain; charset=utf-8');
    const png = await stream('/repository/previewFile', { id: String(id), file: 'logo.png' });
    expect(png.headers['content-type']).toBe('image/png');
    const viaLink = await stream('/repository/previewFile', { id: String(id), file: 'to-app' });
    expect(viaLink.body).toBe('console.log(1)\n');

    const down = await stream('/repository/downloadFile', { id: String(id), file: 'README.md' });
    expect(down.body).toBe('hello\n');
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename="README.md"; filename*=UTF-8''README.md`,
    );
    const dir = await stream('/repository/previewFile', { id: String(id), file: 'src' });
    expect(dir.json()).toMatchObject({ code: 2, reason: 'not_a_file' });
    const missing = await stream('/repository/downloadFile', { id: String(id), file: 'nope.txt' });
    expect(missing.json()).toMatchObject({ code: 2, reason: 'file_missing' });
  });

  it('deletes a file, a link (not what it leads to) and a directory with its contents', async () => {
    await setUp();
    expect((await remove('README.md')).code).toBe(0);
    expect(fs.existsSync(path.join(copy, 'README.md'))).toBe(false);
    expect((await remove('out-dir')).code).toBe(0);
    expect(fs.existsSync(path.join(copy, 'out-dir'))).toBe(false);
    expect(fs.readFileSync(path.join(origin().outside, 'secret.txt'), 'utf8')).toBe('top secret\n');
    expect((await remove('src/')).code).toBe(0);
    expect(fs.existsSync(path.join(copy, 'src'))).toBe(false);
    const gone = await remove('src');
    expect(gone).toMatchObject({ code: 2, reason: 'file_missing' });
  });

  it('never deletes the working copy itself or git data, even through a link', async () => {
    await setUp();
    fs.symlinkSync('.git', path.join(copy, 'to-git'));
    for (const file of ['', '/', '.', './']) {
      const r = await remove(file);
      expect([file, r.code, r.message]).toEqual([
        file,
        10003,
        'file must name a file or directory inside the working copy',
      ]);
    }
    for (const file of ['.git', '.git/config', '.GIT/HEAD', 'to-git/config']) {
      const r = await remove(file);
      expect([file, r.code, r.reason]).toEqual([file, 2, 'git_dir_protected']);
    }
    expect(fs.existsSync(path.join(copy, '.git', 'config'))).toBe(true);
    expect(fs.existsSync(copy)).toBe(true);
  });

  it('answers a project never cloned with a clear error', async () => {
    const fresh = await addProject(t, admin, projectForm({ url: origin().origin.url }));
    const listed = await list('/repository/getFileList', { id: fresh });
    const compared = await list('/project/getReposFileList', { id: fresh, path: '' });
    id = fresh;
    const deleted = await remove('a.txt');
    for (const r of [listed, compared, deleted]) {
      expect([r.code, r.reason]).toEqual([2, 'working_copy_missing']);
    }
    const preview = await stream('/repository/previewFile', { id: String(fresh), file: 'a' });
    expect(preview.json()).toMatchObject({ code: 2, reason: 'working_copy_missing' });
  });
});
