import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { useAdminApp, type Actor } from '../../../test/factories.js';
import { addProject, projectForm } from '../../../test/project-fixtures.js';

let t: TestApp;
let admin: Actor;
useAdminApp((app, a) => {
  t = app;
  admin = a;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = <T = unknown>(method: Method, path: string, input: Record<string, unknown> = {}) =>
  t.call<T>(method, path, {
    token: admin.token,
    ns: 1,
    ...(method === 'GET' ? { query: input as Record<string, string | number> } : { body: input }),
  });

async function added(path: string, body: Record<string, unknown>): Promise<number> {
  const r = await call<{ id: number }>('POST', path, body);
  expect(r.code, r.message).toBe(0);
  return r.data.id;
}

const count = async (table: 'template' | 'server_process' | 'project_process') =>
  (await t.db.selectFrom(table).select('id').execute()).length;

interface Template {
  id: number;
  type: number;
  name: string;
  content: string;
  description: string;
  interpreter: string;
}
const templates = async (type = 1) =>
  (await call<{ list: Template[] }>('GET', '/template/getOption', { type })).data.list;

describe('script templates', () => {
  it('saves, lists by type newest first, edits and removes a template', async () => {
    const first = await added('/template/add', { type: 1, name: 'disk', content: 'df -h\n' });
    const second = await added('/template/add', {
      type: 1,
      name: 'report',
      content: 'print(1)',
      description: 'numbers',
      interpreter: 'python',
    });
    await added('/template/add', { type: 2, name: 'disk', content: 'du -sh /' });

    expect(await templates()).toMatchObject([
      { id: second, name: 'report', interpreter: 'python', description: 'numbers' },
      { id: first, type: 1, name: 'disk', content: 'df -h\n', interpreter: 'bash' },
    ]);

    const edit = await call('PUT', '/template/edit', {
      id: first,
      type: 1,
      name: 'disks',
      content: 'df -h /',
      interpreter: 'sh',
    });
    expect(edit.code, edit.message).toBe(0);
    expect((await templates()).find((x) => x.id === first)).toMatchObject({
      name: 'disks',
      content: 'df -h /',
      interpreter: 'sh',
    });

    expect((await call('DELETE', '/template/remove', { id: first })).code).toBe(0);
    expect((await templates()).map((x) => x.id)).toEqual([second]);
  });

  it('refuses a name the namespace already uses for that type, on add and on edit', async () => {
    await added('/template/add', { type: 1, name: 'disk', content: 'df' });
    const other = await added('/template/add', { type: 1, name: 'load', content: 'uptime' });

    const dup = await call('POST', '/template/add', { type: 1, name: 'disk', content: 'x' });
    expect(dup).toMatchObject({ code: 2, reason: 'template_exists' });
    const rename = await call('PUT', '/template/edit', {
      id: other,
      type: 1,
      name: 'disk',
      content: 'x',
    });
    expect(rename).toMatchObject({ code: 2, reason: 'template_exists' });
    expect((await templates()).find((x) => x.id === other)?.content).toBe('uptime');
    const keep = await call('PUT', '/template/edit', {
      id: other,
      type: 1,
      name: 'load',
      content: 'w',
    });
    expect(keep.code, keep.message).toBe(0);
  });

  it('names the field and the rule of bad input and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'a', content: 'x' }, 'type is required'],
      [{ type: 0, name: 'a', content: 'x' }, 'type must be at least 1'],
      [{ type: 1, name: '', content: 'x' }, 'name must not be empty'],
      [{ type: 1, name: 'a', content: '  \n' }, 'content must not be empty'],
      [
        { type: 1, name: 'a', content: 'é'.repeat(32 * 1024 + 1) },
        'content must be at most 64 KiB',
      ],
      [{ type: 1, name: 'a', content: 'x', interpreter: 'perl' }, 'interpreter must be one of'],
      [{ type: 1, name: 'a', content: 'x', description: 'd'.repeat(2048) }, 'description must be'],
    ];
    for (const [body, message] of cases) {
      const r = await call('POST', '/template/add', body);
      expect(r.code, message).toBe(10003);
      expect(r.message).toContain(message);
    }
    expect(await count('template')).toBe(0);
    const fits = await call('POST', '/template/add', {
      type: 1,
      name: 'a',
      content: 'x'.repeat(65536),
    });
    expect(fits.code, fits.message).toBe(0);
  });

  it('records a change in the operation log', async () => {
    await added('/template/add', { type: 1, name: 'disk', content: 'df' });
    const logged = await t.db
      .selectFrom('operation_log')
      .select(['api', 'request_data'])
      .where('api', '=', '/template/add')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.request_data).toContain('disk');
  });
});

interface Group {
  id: number;
  namespaceId: number;
  name: string;
  items: string;
}
const groups = async () =>
  (await call<{ list: Group[] }>('GET', '/server/getProcessList')).data.list;

describe('server process groups', () => {
  it("takes goploy's JSON text or an array and answers goploy's JSON text", async () => {
    const text = JSON.stringify([{ name: 'restart', command: 'systemctl restart app', x: 1 }]);
    const fromText = await added('/server/addProcess', { name: 'app', items: text });
    const fromArray = await added('/server/addProcess', {
      name: 'web',
      items: [{ name: 'reload', command: ' nginx -s reload ' }],
    });
    const empty = await added('/server/addProcess', { name: 'none', items: '' });

    const list = await groups();
    expect(list.map((g) => g.id)).toEqual([empty, fromArray, fromText]);
    expect(list[2]).toMatchObject({ namespaceId: 1, name: 'app' });
    expect(JSON.parse(list[2]!.items)).toEqual([
      { name: 'restart', command: 'systemctl restart app' },
    ]);
    expect(JSON.parse(list[1]!.items)).toEqual([{ name: 'reload', command: 'nginx -s reload' }]);
    expect(list[0]!.items).toBe('[]');
  });

  it('replaces the buttons on edit and deletes a group', async () => {
    const id = await added('/server/addProcess', {
      name: 'app',
      items: [{ name: 'a', command: 'true' }],
    });
    const items = [
      { name: 'status', command: 'systemctl status app' },
      { name: 'tail', command: 'tail -n 100 /var/log/app.log' },
    ];
    const edit = await call('PUT', '/server/editProcess', { id, name: 'app2', items });
    expect(edit.code, edit.message).toBe(0);
    const [row] = await groups();
    expect(row!.name).toBe('app2');
    expect(JSON.parse(row!.items)).toEqual(items);
    expect((await call('DELETE', '/server/deleteProcess', { id })).code).toBe(0);
    expect(await groups()).toEqual([]);
  });

  it('refuses a group name the namespace already uses', async () => {
    await added('/server/addProcess', { name: 'app', items: [] });
    const other = await added('/server/addProcess', { name: 'web', items: [] });
    expect(await call('POST', '/server/addProcess', { name: 'app', items: [] })).toMatchObject({
      code: 2,
      reason: 'process_exists',
    });
    const rename = await call('PUT', '/server/editProcess', { id: other, name: 'app', items: [] });
    expect(rename).toMatchObject({ code: 2, reason: 'process_exists' });
    expect((await groups()).map((g) => g.name).sort()).toEqual(['app', 'web']);
  });

  it('names the item and the rule of bad buttons and saves nothing', async () => {
    const item = (name: string, command = 'true') => ({ name, command });
    const cases: [unknown, string][] = [
      ['[{"name":', 'items must be a list of {name, command}'],
      ['{"name":"a"}', 'items must be a list of {name, command}'],
      [[{ name: 'a' }], 'items.0.command is required'],
      [[item('a'), item('')], 'items.1.name must not be empty'],
      [[item('a', '  ')], 'items.0.command must not be empty'],
      [[item('a'), item('b'), item('a')], 'items.2.name must be unique in the group'],
      [[item('a', 'x'.repeat(8193))], 'items.0.command must be at most 8192 characters'],
      [Array.from({ length: 51 }, (_, i) => item(`b${i}`)), 'items must hold at most 50 items'],
    ];
    for (const [items, message] of cases) {
      const r = await call('POST', '/server/addProcess', { name: 'app', items });
      expect(r.code, message).toBe(10003);
      expect(r.message).toContain(message);
    }
    expect((await call('POST', '/server/addProcess', { items: [] })).message).toBe(
      'name is required',
    );
    expect(await count('server_process')).toBe(0);
  });
});

interface Process {
  id: number;
  projectId: number;
  name: string;
  status: string;
  start: string;
  stop: string;
  restart: string;
}
const processes = async (projectId: number, page = 1, rows = 20) =>
  (
    await call<{ list: Process[]; pagination: { total: number } }>(
      'GET',
      '/project/getProcessList',
      {
        projectId,
        page,
        rows,
      },
    )
  ).data;

describe('project processes', () => {
  it('adds, lists a page at a time, edits and deletes a process', async () => {
    const projectId = await addProject(t, admin, projectForm());
    const first = await added('/project/addProcess', {
      projectId,
      name: 'api',
      status: 'systemctl status api',
      start: 'systemctl start api',
    });
    const second = await added('/project/addProcess', {
      projectId,
      name: 'worker',
      stop: 'pkill w',
    });

    const page = await processes(projectId, 1, 1);
    expect(page.pagination.total).toBe(2);
    expect(page.list).toMatchObject([{ id: second, name: 'worker', stop: 'pkill w', start: '' }]);
    expect((await processes(projectId, 2, 1)).list).toMatchObject([
      { id: first, projectId, status: 'systemctl status api', restart: '' },
    ]);

    const edit = await call('PUT', '/project/editProcess', {
      id: first,
      name: 'api',
      restart: 'systemctl restart api',
    });
    expect(edit.code, edit.message).toBe(0);
    expect((await processes(projectId)).list.find((p) => p.id === first)).toMatchObject({
      status: '',
      start: '',
      restart: 'systemctl restart api',
    });
    expect((await call('DELETE', '/project/deleteProcess', { id: first })).code).toBe(0);
    expect((await processes(projectId)).list.map((p) => p.id)).toEqual([second]);
  });

  it('refuses a name the project already uses, and takes it in another project', async () => {
    const shop = await addProject(t, admin, projectForm());
    const blog = await addProject(t, admin, projectForm({ name: 'blog' }));
    await added('/project/addProcess', { projectId: shop, name: 'api', start: 'a' });
    const other = await added('/project/addProcess', { projectId: shop, name: 'web', start: 'w' });
    expect(
      await call('POST', '/project/addProcess', { projectId: shop, name: 'api', start: 'b' }),
    ).toMatchObject({ code: 2, reason: 'process_exists' });
    const rename = await call('PUT', '/project/editProcess', {
      id: other,
      name: 'api',
      start: 'w',
    });
    expect(rename).toMatchObject({ code: 2, reason: 'process_exists' });
    await added('/project/addProcess', { projectId: blog, name: 'api', start: 'a' });
    expect((await processes(shop)).list.map((p) => p.name).sort()).toEqual(['api', 'web']);
  });

  it('names the field and the rule of bad input and saves nothing', async () => {
    const projectId = await addProject(t, admin, projectForm());
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'api', start: 'a' }, 'projectId is required'],
      [{ projectId, start: 'a' }, 'name is required'],
      [{ projectId, name: 'api' }, 'start or one of status, stop, restart is required'],
      [{ projectId, name: 'api', stop: '   ' }, 'start or one of status, stop, restart'],
      [{ projectId, name: 'api', restart: 'x'.repeat(8193) }, 'restart must be at most 8192'],
      [{ projectId, name: 'a\u0000b', start: 'a' }, 'name must not contain control characters'],
    ];
    for (const [body, message] of cases) {
      const r = await call('POST', '/project/addProcess', body);
      expect(r.code, message).toBe(10003);
      expect(r.message).toContain(message);
    }
    const id = await added('/project/addProcess', { projectId, name: 'api', start: 'a' });
    const cleared = await call('PUT', '/project/editProcess', { id, name: 'api', start: '' });
    expect(cleared.code).toBe(10003);
    expect(await count('project_process')).toBe(1);
    expect((await processes(projectId)).list[0]!.start).toBe('a');
  });
});
