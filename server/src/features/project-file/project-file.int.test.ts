import fs from 'node:fs';
import { MAX_PROJECT_FILE_BYTES, Perm } from '@ferry/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  addDeployProject,
  deployMountPoint,
  emptyServers,
  everythingShown,
  existsOn,
  onServer,
  publishAndWait,
  readOn,
} from '../../../test/deploy-fixtures.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { createGitOrigin, type GitOrigin } from '../../../test/git-fixture.js';
import { addProject, projectForm, secondNamespace } from '../../../test/project-fixtures.js';
import { startSshdFleet, type SshdFleet } from '../../../test/sshd-fleet.js';

const mountAt = deployMountPoint();
let fleet: SshdFleet;
let origin: GitOrigin;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  fleet = await startSshdFleet({ count: 1, mountAt });
  origin = await createGitOrigin();
  await origin.commit(
    { 'index.html': 'one', '.gitignore': '.env\n', 'config/app.yml': 'from: git\n' },
    'first commit',
  );
}, 60_000);
afterAll(async () => {
  await fleet?.stopAll();
  origin?.cleanup();
});
beforeEach(async () => {
  t = await buildTestApp();
  admin = await adminOf(t);
  emptyServers(fleet.servers);
  return () => t.close();
});

const SECRET = 'DB_PASSWORD=very-secret-value-42';
/** Bytes that are not UTF-8 text, as a Java keystore starts (its magic, then a NUL). */
const KEYSTORE = Buffer.from([0xfe, 0xed, 0xfe, 0xed, 0x00, 0x00, 0x00, 0x02, 0xff, 0x80, 0x0a]);

const call = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  input: Record<string, unknown>,
  who: Actor = admin,
  ns = 1,
) =>
  t.call<T>(method, path, {
    token: who.token,
    ns,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });

/** goploy's multipart upload of `content` as `filename`. */
async function upload(query: Record<string, string | number>, content: Buffer, who = admin) {
  const boundary = 'ferry-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await t.fastify.inject({
    method: 'POST',
    url: `/project/uploadFile?${qs}`,
    headers: {
      cookie: `goploy_token=${who.token}`,
      'g-n-id': '1',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  return res.json<{ code: number; message: string; data: { id: number } }>();
}

describe('project files', { timeout: 60_000 }, () => {
  it('are kept sealed, listed, read, edited, uploaded and removed', async () => {
    const projectId = await addProject(t, admin, projectForm());
    const added = await call<{ id: number }>('POST', '/project/addFile', {
      projectId,
      filename: '.env',
      content: `${SECRET}\n`,
    });
    expect(added.code, added.message).toBe(0);
    const stored = await t.db.selectFrom('project_file').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain('very-secret-value');
    const ops = await t.db.selectFrom('operation_log').selectAll().execute();
    expect(JSON.stringify(ops)).not.toContain('very-secret-value');

    const list = await call<{ list: { id: number; filename: string; size: number }[] }>(
      'GET',
      '/project/getProjectFileList',
      { id: projectId },
    );
    expect(list.data.list).toMatchObject([{ id: added.data.id, filename: '.env', size: 33 }]);
    const read = async (id: number) =>
      (await call<{ content: string }>('GET', '/project/getProjectFileContent', { id })).data
        .content;
    expect(await read(added.data.id)).toBe(`${SECRET}\n`);

    expect(
      (await call('PUT', '/project/editFile', { id: added.data.id, content: 'A=1' })).code,
    ).toBe(0);
    expect(await read(added.data.id)).toBe('A=1');

    const fresh = await upload(
      { projectFileId: 0, projectId, filename: 'config/local.yml' },
      Buffer.from('x: 1\n'),
    );
    expect(fresh.code, fresh.message).toBe(0);
    expect(await read(fresh.data.id)).toBe('x: 1\n');
    const replaced = await upload(
      { projectFileId: fresh.data.id, projectId, filename: 'config/other.yml' },
      Buffer.from('x: 2\n'),
    );
    expect(replaced.data.id).toBe(fresh.data.id);
    expect(await read(fresh.data.id)).toBe('x: 2\n');
    // Bytes that are not UTF-8 text (a keystore) are kept as they are, as goploy keeps any file,
    // and never shown or edited as text.
    const binary = await upload({ projectId, filename: 'bin' }, KEYSTORE);
    expect(binary.code, binary.message).toBe(0);
    const listed = await call<{ list: { filename: string; size: number; binary: boolean }[] }>(
      'GET',
      '/project/getProjectFileList',
      { id: projectId },
    );
    expect(listed.data.list.find((f) => f.filename === 'bin')).toMatchObject({
      size: KEYSTORE.length,
      binary: true,
    });
    expect(listed.data.list.find((f) => f.filename === '.env')).toMatchObject({ binary: false });
    const shown = await call('GET', '/project/getProjectFileContent', { id: binary.data.id });
    expect(shown).toMatchObject({ code: 2, reason: 'project_file_binary' });
    expect(shown.message).toMatch(/^bin is a binary file: .* upload a new version instead$/);
    const edited = await call('PUT', '/project/editFile', { id: binary.data.id, content: 'x' });
    expect(edited).toMatchObject({ code: 2, reason: 'project_file_binary' });
    const sealedBytes = await t.db
      .selectFrom('project_file')
      .select('content')
      .where('id', '=', binary.data.id)
      .executeTakeFirstOrThrow();
    expect(sealedBytes.content).not.toContain(KEYSTORE.toString('base64'));
    // A new version of it may be text again.
    const text = await upload(
      { projectFileId: binary.data.id, projectId, filename: 'bin' },
      Buffer.from('now text\n'),
    );
    expect(text.code, text.message).toBe(0);
    expect(await read(binary.data.id)).toBe('now text\n');
    const tooLarge = await upload(
      { projectId, filename: 'big.jar' },
      Buffer.alloc(MAX_PROJECT_FILE_BYTES + 1, 0xff),
    );
    expect(tooLarge.code).toBe(10003);
    expect(tooLarge.message).toMatch(/^file must be at most 1 MiB/);
    await call('DELETE', '/project/removeFile', { projectFileId: binary.data.id });

    expect(
      (await call('DELETE', '/project/removeFile', { projectFileId: added.data.id })).code,
    ).toBe(0);
    const after = await call<{ list: { filename: string }[] }>(
      'GET',
      '/project/getProjectFileList',
      { id: projectId },
    );
    expect(after.data.list.map((f) => f.filename)).toEqual(['config/other.yml']);
  });

  it('refuse paths out of the working copy or into .git, and clashing names', async () => {
    const projectId = await addProject(t, admin, projectForm());
    const bad: [string, RegExp][] = [
      ['../escape', /".." segments/],
      ['a/../../b', /".." segments/],
      ['/etc/passwd', /relative/],
      ['.git/config', /inside \.git/],
      ['.GIT/hooks/post-checkout', /inside \.git/],
      ['a//b', /empty/],
      ['a\u0000b', /control/],
      ['', /empty/],
    ];
    for (const [filename, rule] of bad) {
      const r = await call('POST', '/project/addFile', { projectId, filename, content: 'x' });
      expect(r.code, filename).toBe(10003);
      expect(r.message).toMatch(/filename/);
      expect(r.message).toMatch(rule);
    }
    await call('POST', '/project/addFile', { projectId, filename: 'conf/a.yml', content: 'x' });
    for (const filename of ['conf/a.yml', 'conf', 'conf/a.yml/b']) {
      const r = await call('POST', '/project/addFile', { projectId, filename, content: 'x' });
      expect(r, filename).toMatchObject({ code: 2, reason: 'project_file_exists' });
    }
    const big = await call('POST', '/project/addFile', {
      projectId,
      filename: 'big',
      content: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(big.code).toBe(10003);
    expect(big.message).toMatch(/content.*1 MiB/);
    expect(await t.db.selectFrom('project_file').selectAll().execute()).toHaveLength(1);
  });

  it('are refused without FileSync and across namespaces', async () => {
    const projectId = await addProject(t, admin, projectForm());
    const own = await call<{ id: number }>('POST', '/project/addFile', {
      projectId,
      filename: '.env',
      content: SECRET,
    });
    const member = await memberOf(t, admin, {
      account: 'nosync',
      namespaceId: 1,
      permissionIds: [Perm.ShowProjectPage, Perm.EditProject, Perm.GetAllProjectList],
    });
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown>][] = [
      ['GET', '/project/getProjectFileList', { id: projectId }],
      ['GET', '/project/getProjectFileContent', { id: own.data.id }],
      ['POST', '/project/addFile', { projectId, filename: 'b', content: 'x' }],
      ['PUT', '/project/editFile', { id: own.data.id, content: 'changed' }],
      ['DELETE', '/project/removeFile', { projectFileId: own.data.id }],
    ];
    for (const [method, path, input] of calls) {
      expect((await call(method, path, input, member)).code, path).toBe(1);
    }
    expect((await upload({ projectId, filename: 'c' }, Buffer.from('x'), member)).code).toBe(1);

    await secondNamespace(t, admin);
    for (const [method, path, input] of calls) {
      const r = await call<unknown>(method, path, input, admin, 2);
      expect(r.code, path).toBe(1);
      expect(JSON.stringify(r)).not.toContain('very-secret-value');
    }
    const rows = await t.db.selectFrom('project_file').select('filename').execute();
    expect(rows).toEqual([{ filename: '.env' }]);
  });

  it('land on the servers with a deploy, and one removed stops shipping', async () => {
    const { projectId } = await addDeployProject(t, admin, {
      origin,
      servers: fleet.servers,
      mountAt,
    });
    const env = await call<{ id: number }>('POST', '/project/addFile', {
      projectId,
      filename: '.env',
      content: `${SECRET}\n`,
    });
    await call('POST', '/project/addFile', {
      projectId,
      filename: 'config/app.yml',
      content: 'from: project file\n',
    });
    expect((await upload({ projectId, filename: 'config/keystore.jks' }, KEYSTORE)).code).toBe(0);
    const [server] = fleet.servers;
    const first = await publishAndWait(t, admin, { projectId });
    expect(fs.readFileSync(onServer(server!, 'app/config/keystore.jks'))).toEqual(KEYSTORE);
    expect(readOn(server!, 'app/.env')).toBe(`${SECRET}\n`);
    expect(readOn(server!, 'app/config/app.yml')).toBe('from: project file\n');
    expect(readOn(server!, 'app/index.html')).toBe('one');
    const shown = await everythingShown(t, admin, first);
    expect(shown).toContain('project files: .env, config/app.yml, config/keystore.jks');
    expect(shown).not.toContain('very-secret-value');

    await call('DELETE', '/project/removeFile', { projectFileId: env.data.id });
    await publishAndWait(t, admin, { projectId });
    expect(existsOn(server!, 'app/.env')).toBe(false);
    expect(readOn(server!, 'app/config/app.yml')).toBe('from: project file\n');
    expect(fs.existsSync(server!.mounted!)).toBe(true);
  });
});
