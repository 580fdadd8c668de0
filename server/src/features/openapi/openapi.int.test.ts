import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { adminOf, memberOf, type Actor } from '../../../test/factories.js';
import { CONSOLE_VERSION } from '../../core/version.js';

interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, unknown>>;
}

describe('GET /openapi.json', () => {
  let t: TestApp;
  let member: Actor;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await adminOf(t);
    member = await memberOf(t, admin, { account: 'reader', namespaceId: 1, permissionIds: [] });
  });
  afterAll(() => t.close());

  const fetchDocument = (headers: Record<string, string>) =>
    t.fastify.inject({ method: 'GET', url: '/openapi.json', headers });

  it('answers the document to any signed-in member, as JSON without the envelope', async () => {
    const res = await fetchDocument({ cookie: `goploy_token=${member.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = res.json<Document>();
    expect(doc.openapi).toBe('3.1.1');
    expect(doc.info.version).toBe(CONSOLE_VERSION);
    expect(doc.paths['/deploy/publish']?.post).toBeDefined();
  });

  it('answers it to an API key', async () => {
    const key = (await t.call<string>('PUT', '/user/generateApiKey', { token: member.token })).data;
    const res = await fetchDocument({ 'x-api-key': key });
    expect(res.json<Document>().openapi).toBe('3.1.1');
  });

  it('is not served without credentials, or with a revoked session', async () => {
    const anonymous = await fetchDocument({});
    expect(anonymous.json()).toMatchObject({ code: 10001, data: null });
    expect(anonymous.body).not.toContain('openapi');
    const gone = await t.login('reader', 'Changed123!');
    await t.call('POST', '/user/logout', { token: gone });
    const revoked = await fetchDocument({ cookie: `goploy_token=${gone}` });
    expect(revoked.json()).toMatchObject({ code: 10086, data: null });
  });

  it('documents every route the console serves, and serves every route it documents', async () => {
    const doc = (await fetchDocument({ cookie: `goploy_token=${member.token}` })).json<Document>();
    const served = new Set(
      t.routes
        .filter((r) => r.descriptor && r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
  });
});
