import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, type Actor } from '../../../test/factories.js';
import { projectForm } from '../../../test/project-fixtures.js';
import { multipartFile, serverForm } from '../../../test/server-fixtures.js';
import type { SshdServer } from '../../../test/sshd-fleet.js';

const RULE = 'must not contain control characters, bidirectional overrides or unpaired surrogates';
const TABLES = ['user', 'namespace', 'role', 'server', 'project'] as const;

/** A fleet server's form fields without a running sshd: refused input never reaches SSH. */
const offline = {
  host: '127.0.0.1',
  port: 1,
  user: 'deploy',
  password: 'secret-1',
} as unknown as SshdServer;

describe('control characters in names', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminOf(t);
  });
  afterAll(() => t.close());

  const rows = () =>
    Promise.all(
      TABLES.map(async (table) =>
        Number(
          (
            await t.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );

  it.each([
    ['NUL in a namespace name', '/namespace/add', { name: 'ops\u0000' }, 'name'],
    [
      'a right-to-left override in a namespace name',
      '/namespace/add',
      { name: 'a\u202ecod' },
      'name',
    ],
    ['an escape in a role name', '/role/add', { name: 'r\u001b[31m' }, 'name'],
    [
      'a line break in a role description',
      '/role/add',
      { name: 'r', description: 'a\nb' },
      'description',
    ],
    [
      'a lone surrogate in a server name',
      '/server/add',
      serverForm(offline, { name: 'web\ud800' }),
      'name',
    ],
    [
      'an isolate in a server description',
      '/server/add',
      serverForm(offline, { description: 'x\u2066y' }),
      'description',
    ],
    [
      'a C1 control in a server login',
      '/server/add',
      serverForm(offline, { owner: 'de\u0085ploy' }),
      'owner',
    ],
    [
      'a tab in a jump login',
      '/server/add',
      serverForm(offline, { jumpIP: '10.0.0.1', jumpOwner: 'a\tb', jumpPassword: 'x' }),
      'jumpOwner',
    ],
    ['NUL in a project name', '/project/add', projectForm({ name: 'shop\u0000' }), 'name'],
    [
      'a delete character in a project label',
      '/project/add',
      projectForm({ label: 'blue,\u007f' }),
      'label',
    ],
    [
      'an override in a repository user',
      '/project/add',
      projectForm({ repoUsername: 'git\u202d' }),
      'repoUsername',
    ],
    [
      'a lone low surrogate in a user name',
      '/user/add',
      { account: 'ok', password: 'Good1234!', name: '\udc00n' },
      'name',
    ],
  ])(
    'refuses %s with 10003 naming the field, storing nothing',
    async (_what, path, body, field) => {
      const before = await rows();
      const r = await t.call('POST', path, { token: admin.token, ns: 1, body });
      expect(r).toMatchObject({ code: 10003, message: `${field} ${RULE}` });
      expect(await rows()).toEqual(before);
    },
  );

  it('refuses a CSV import whose server name holds NUL, storing nothing', async () => {
    const csv = 'name,host,port,owner,password\nweb\u0000,127.0.0.1,22,deploy,secret-1\n';
    const { body, headers } = multipartFile('file', 'servers.csv', csv);
    const r = await t.call('POST', '/server/import', { token: admin.token, ns: 1, body, headers });
    expect(r).toMatchObject({ code: 10003, message: `row 2: name ${RULE}` });
    expect(await t.db.selectFrom('server').select('id').execute()).toEqual([]);
  });

  describe('in notification templates', () => {
    // The namespace's templates are made the first time they are listed.
    beforeAll(() => t.call('GET', '/notification/getList', { token: admin.token, ns: 1 }));
    const template = () =>
      t.db.selectFrom('notification_template').selectAll().orderBy('id').executeTakeFirstOrThrow();

    it.each([
      ['NUL in a title', { title: 'Deploy\u0000' }, 'title'],
      ['a right-to-left override in a title', { title: 'Deploy \u202etxt.exe' }, 'title'],
      ['a line break in a title', { title: 'Deploy\nnow' }, 'title'],
      ['NUL in a text', { template: 'line one\n\u0000' }, 'template'],
      [
        'a right-to-left override in a text',
        { template: 'ok\n\u202e{{project.name}}' },
        'template',
      ],
      ['an escape in a text', { template: '\u001b[31m{{project.name}}' }, 'template'],
    ])('refuses %s with 10003 naming the field, changing nothing', async (_what, change, field) => {
      const before = await template();
      const body = { id: before.id, title: before.title, template: before.template, ...change };
      const r = await t.call('PUT', '/notification/edit', { token: admin.token, ns: 1, body });
      expect(r).toMatchObject({ code: 10003, message: `${field} ${RULE}` });
      expect(await template()).toEqual(before);
    });

    it('still takes a text of several lines with tabs', async () => {
      const before = await template();
      const text = '## {{project.name}}\r\n\t- 部署 🚀\n> done';
      const body = { id: before.id, title: before.title, template: text };
      const r = await t.call('PUT', '/notification/edit', { token: admin.token, ns: 1, body });
      expect(r.code).toBe(0);
      expect((await template()).template).toBe(text);
    });
  });

  it('still stores names in any script, emoji included', async () => {
    const r = await t.call('POST', '/role/add', {
      token: admin.token,
      ns: 1,
      body: { name: '运维 🚀', description: 'عربي · Ελληνικά' },
    });
    expect(r.code).toBe(0);
  });
});
