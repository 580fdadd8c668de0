import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { startReceiver, type Receiver } from '../../../test/http-receiver.js';
import { addProject, projectForm } from '../../../test/project-fixtures.js';

let receiver: Receiver;
let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  t = await buildTestApp();
  admin = await adminOf(t);
  receiver.received.length = 0;
  return () => t.close();
});

interface TemplateRow {
  id: number;
  type: number;
  useBy: string;
  title: string;
  template: string;
}

interface DeliveryRow {
  id: number;
  state: string;
  attempts: number;
  subject: string;
  targetHost: string;
  projectName: string;
  lastError: string;
  creator: string;
}

async function templates(actor: Actor, ns: number): Promise<TemplateRow[]> {
  const r = await t.call<{ list: TemplateRow[] }>('GET', '/notification/getList', {
    token: actor.token,
    ns,
  });
  expect(r.code, r.message).toBe(0);
  return r.data.list;
}

async function addNamespace(name: string): Promise<number> {
  const r = await t.call<{ id: number }>('POST', '/namespace/add', {
    token: admin.token,
    ns: 1,
    body: { name },
  });
  expect(r.code, r.message).toBe(0);
  return r.data.id;
}

const deliveries = async (actor: Actor, query: Record<string, string | number> = {}) =>
  (
    await t.call<{ list: DeliveryRow[] }>('GET', '/notification/getDeliveryList', {
      token: actor.token,
      ns: 1,
      query,
    })
  ).data.list;

describe('notification templates', () => {
  it('gives each namespace its own nine, editable apart', async () => {
    const other = await addNamespace('other');
    const mine = await templates(admin, 1);
    expect(mine).toHaveLength(9);
    expect(new Set(mine.map((r) => `${r.type}/${r.useBy}`)).size).toBe(9);
    const theirs = await templates(admin, other);
    expect(theirs.map((r) => r.id).some((id) => mine.some((m) => m.id === id))).toBe(false);

    const ding = mine.find((r) => r.type === 2 && r.useBy === 'deploy')!;
    const edit = await t.call('PUT', '/notification/edit', {
      token: admin.token,
      ns: 1,
      body: { id: ding.id, title: 'Deploy {{project.name}}', template: 'by {{deploy.publisher}}' },
    });
    expect(edit.code, edit.message).toBe(0);
    expect((await templates(admin, 1)).find((r) => r.id === ding.id)?.template).toBe(
      'by {{deploy.publisher}}',
    );
    const untouched = (await templates(admin, other)).find(
      (r) => r.type === 2 && r.useBy === 'deploy',
    );
    expect(untouched?.template).toBe(ding.template);

    // From namespace `other`, namespace 1's template does not exist.
    const across = await t.call('PUT', '/notification/edit', {
      token: admin.token,
      ns: other,
      body: { id: ding.id, title: 'x', template: 'y' },
    });
    expect(across.code).toBe(1);

    const reset = await t.call<TemplateRow>('PUT', '/notification/reset', {
      token: admin.token,
      ns: 1,
      body: { id: ding.id },
    });
    expect(reset.data.template).toBe(ding.template);
  });

  it('refuses a template that does not parse with 10003 naming the line and column', async () => {
    const [row] = await templates(admin, 1);
    for (const [template, rule] of [
      [
        'ok\n  {{#if deploy.succeeded}}yes',
        'template has a problem at line 2, column 3: "#if" is never closed',
      ],
      [
        '{{constructor}}',
        'template has a problem at line 1, column 1: "constructor" is not a field name',
      ],
      ['   ', 'template must not be empty'],
    ] as const) {
      const r = await t.call('PUT', '/notification/edit', {
        token: admin.token,
        ns: 1,
        body: { id: row!.id, title: 'ok', template },
      });
      expect(r.code).toBe(10003);
      expect(r.message).toBe(rule);
    }
    expect((await templates(admin, 1)).find((r) => r.id === row!.id)?.template).toBe(row!.template);
  });

  it('needs ShowNotificationPage to read and EditNotification to change', async () => {
    const reader = await memberOf(t, admin, {
      account: 'reader',
      namespaceId: 1,
      permissionIds: [86],
    });
    const [row] = await templates(reader, 1);
    const edit = await t.call('PUT', '/notification/edit', {
      token: reader.token,
      ns: 1,
      body: { id: row!.id, title: 'x', template: 'y' },
    });
    expect(edit.code).toBe(1);
    const none = await memberOf(t, admin, { account: 'nobody', namespaceId: 1, permissionIds: [] });
    expect((await t.call('GET', '/notification/getList', { token: none.token, ns: 1 })).code).toBe(
      1,
    );
    expect(
      (await t.call('GET', '/notification/getDeliveryList', { token: none.token, ns: 1 })).code,
    ).toBe(1);
    const test = { notifyType: 255, notifyTarget: receiver.url('/custom') };
    for (const [method, path, body] of [
      ['POST', '/notification/sendTest', test],
      ['POST', '/notification/resend', { id: 1 }],
      ['PUT', '/notification/reset', { id: row!.id }],
    ] as const) {
      const r = await t.call(method, path, { token: reader.token, ns: 1, body });
      expect(r.code, path).toBe(1);
    }
    expect(receiver.received).toEqual([]);
  });
});

describe('test messages and the delivery log', () => {
  it("sends a test with the project's stored secret, logs it without the address, and sends again", async () => {
    const secret = 'SEC-stored-ding-secret';
    const target = receiver.url('/robot/send?access_token=tok-abc');
    const projectId = await addProject(
      t,
      admin,
      projectForm({ notifyType: 2, notifyTarget: target, notifySecret: secret }),
    );
    const sent = await t.call<{ id: number }>('POST', '/notification/sendTest', {
      token: admin.token,
      ns: 1,
      body: { projectId, notifyType: 2, notifyTarget: target },
    });
    expect(sent.code, sent.message).toBe(0);
    await expect.poll(() => receiver.at('/robot/send').length).toBe(1);
    const request = receiver.at('/robot/send')[0]!;
    const query = new URL(request.url, 'http://x').searchParams;
    const timestamp = query.get('timestamp')!;
    const sign = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
    expect(query.get('sign')).toBe(sign);
    expect(request.json).toMatchObject({
      msgtype: 'markdown',
      markdown: { title: 'Ferry test message', text: expect.stringContaining('project shop') },
    });

    await expect.poll(async () => (await deliveries(admin))[0]?.state).toBe('sent');
    const [row] = await deliveries(admin, { projectId });
    expect(row).toMatchObject({
      id: sent.data.id,
      subject: 'Test message for shop',
      projectName: 'shop',
      creator: 'admin',
      attempts: 1,
    });
    expect(row!.targetHost).toBe(new URL(target).host);
    const attempts = await t.call<{ list: Array<{ code: string; httpStatus: number }> }>(
      'GET',
      '/notification/getDeliveryAttempts',
      { token: admin.token, ns: 1, query: { id: row!.id } },
    );
    expect(attempts.data.list).toEqual([expect.objectContaining({ code: 'ok', httpStatus: 200 })]);

    const again = await t.call<{ id: number }>('POST', '/notification/resend', {
      token: admin.token,
      ns: 1,
      body: { id: row!.id },
    });
    expect(again.data.id).not.toBe(row!.id);
    await expect.poll(() => receiver.at('/robot/send').length).toBe(2);

    const everything = JSON.stringify([
      await deliveries(admin),
      (await t.call('GET', '/project/getList', { token: admin.token, ns: 1 })).data,
      (await t.call('GET', '/log/getOperationLogList', { token: admin.token, ns: 1 })).data,
    ]);
    expect(everything).not.toContain(secret);
    expect(JSON.stringify(await deliveries(admin))).not.toContain('tok-abc');
  });

  it('records a channel that answers 200 with an error code, and retries it', async () => {
    receiver.script('/feishu', { status: 200, body: '{"code":19021,"msg":"sign match fail"}' });
    const sent = await t.call<{ id: number }>('POST', '/notification/sendTest', {
      token: admin.token,
      ns: 1,
      body: { notifyType: 3, notifyTarget: receiver.url('/feishu'), notifySecret: 'wrong' },
    });
    await expect.poll(async () => (await deliveries(admin))[0]?.attempts).toBe(1);
    expect((await deliveries(admin))[0]).toMatchObject({
      id: sent.data.id,
      state: 'pending',
      lastError: '19021: sign match fail',
    });
  });

  it('keeps each namespace to its own messages', async () => {
    const other = await addNamespace('other');
    const sent = await t.call<{ id: number }>('POST', '/notification/sendTest', {
      token: admin.token,
      ns: other,
      body: { notifyType: 255, notifyTarget: receiver.url('/custom') },
    });
    expect(sent.code, sent.message).toBe(0);
    expect(await deliveries(admin)).toEqual([]);
    for (const [method, path] of [
      ['GET', '/notification/getDeliveryAttempts'],
      ['POST', '/notification/resend'],
    ] as const) {
      const r = await t.call(method, path, {
        token: admin.token,
        ns: 1,
        ...(method === 'GET' ? { query: { id: sent.data.id } } : { body: { id: sent.data.id } }),
      });
      expect(r.code, path).toBe(1);
    }
  });
});
