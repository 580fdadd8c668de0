import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { capturedLog } from '../../../test/captured-log.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import {
  addProject,
  insertServer,
  projectForm,
  secondNamespace,
} from '../../../test/project-fixtures.js';
import { warmTestDb } from '../../../test/server-fixtures.js';
import { deliver, pushRequest, resetSecret } from '../../../test/webhook-fixtures.js';
import { loggerOptions } from '../../core/http/logger-options.js';

beforeAll(() => warmTestDb(), 60_000);

describe('webhook security', () => {
  let t: TestApp;
  let admin: Actor;
  let logged: string[];
  beforeEach(async () => {
    const log = capturedLog();
    logged = log.lines;
    t = await buildTestApp({}, { logger: loggerOptions('info', log.stream) });
    admin = await adminOf(t);
  });
  afterEach(() => t.close());

  const list = (actor: Actor, id: number) =>
    t.call('GET', '/project/getWebhookDeliveryList', { token: actor.token, ns: 1, query: { id } });
  const reset = (actor: Actor, id: number) =>
    t.call('PUT', '/project/resetWebhookSecret', { token: actor.token, ns: 1, body: { id } });

  it('opens the delivery log to SwitchProjectWebhook or EditProject, the reset to the first alone', async () => {
    const id = await addProject(t, admin, projectForm());
    const member = (account: string, permissionIds: number[]) =>
      memberOf(t, admin, { account, namespaceId: 1, permissionIds });
    const reader = await member('reader', [44, 45]);
    const editor = await member('editor', [44, 45, 48]);
    const switcher = await member('switcher', [44, 45, 50]);
    for (const r of [await list(reader, id), await reset(reader, id), await reset(editor, id)]) {
      expect(r).toMatchObject({ code: 1, reason: 'permission_denied' });
    }
    expect((await list(editor, id)).code).toBe(0);
    expect((await list(switcher, id)).code).toBe(0);
    expect((await reset(switcher, id)).code).toBe(0);
  });

  it("never lets a namespace read another namespace's deliveries or reset its secret", async () => {
    const ns2 = await secondNamespace(t, admin);
    const foreign = await addProject(t, admin, projectForm({ name: 'foreign' }), ns2);
    const sealed = () =>
      t.db
        .selectFrom('project')
        .select('webhook_secret')
        .where('id', '=', foreign)
        .executeTakeFirstOrThrow();
    const before = await sealed();
    const nosy = await memberOf(t, admin, {
      account: 'nosy',
      namespaceId: 1,
      permissionIds: [44, 45, 48, 50],
    });
    for (const r of [await list(nosy, foreign), await reset(nosy, foreign)]) {
      expect(r).toMatchObject({ code: 1, message: 'Project not found or not in this namespace' });
    }
    expect(await sealed()).toEqual(before);
  });

  it('keeps the secret and the signatures out of every answer and every log', async () => {
    const server = await insertServer(t, 1, 'web-1');
    const id = await addProject(t, admin, projectForm({ serverIds: [server] }));
    const secret = await resetSecret(t, admin, id);
    const signed = pushRequest('github', { secret });
    const signature = signed.headers['x-hub-signature-256']!.slice('sha256='.length);
    // auto deploy is off: each delivery is checked and refused, nothing is deployed.
    for (const provider of ['github', 'gitlab', 'gitee', 'codeup', 'svn'] as const) {
      expect((await deliver(t, id, provider, { secret })).code).toBe(1);
    }
    const answers = JSON.stringify([
      (await t.call('GET', '/project/getList', { token: admin.token, ns: 1 })).data,
      (await list(admin, id)).data,
    ]);
    expect(answers).toContain('"hasWebhookSecret":true');
    expect(answers).toContain('auto_deploy_off');
    const operations = JSON.stringify(await t.db.selectFrom('operation_log').selectAll().execute());
    expect(operations).toContain('/project/resetWebhookSecret');
    const stored = JSON.stringify(await t.db.selectFrom('webhook_delivery').selectAll().execute());
    const console = logged.join('');
    expect(console).toContain('/deploy/webhook?project_id=');
    expect(console).toContain('token=***');
    for (const text of [answers, operations, stored, console]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(signature);
    }
  });
});
