import { deployRoutes, userRoutes } from '@ferry/contract/client';
import { describe, expect, it } from 'vitest';
import { ConsoleClient, toQuery } from './http-client.js';

const connection = { url: 'https://console.example.com', apiKey: 'the-key', namespaceId: 3 };

/** A fetch that answers `body` and remembers what it was asked. */
function answering(body: unknown, status = 200) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetchImpl: typeof fetch = (url, init) => {
    asked.push({ url: url as string, init: init ?? {} });
    return Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
    );
  };
  return { asked, client: new ConsoleClient(connection, fetchImpl) };
}

const failureOf = async (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('resolved');
    },
    (err: { message: string; exitCode: number; details: unknown }) => err,
  );

describe('ConsoleClient', () => {
  it('sends the key and the namespace as headers, GET input in the query, and unwraps data', async () => {
    const { asked, client } = answering({ code: 0, message: '', data: { list: [] } });
    expect(await client.call(deployRoutes.getPublishTrace, { lastPublishToken: 'a-b' })).toEqual({
      list: [],
    });
    expect(asked[0]!.url).toBe(
      'https://console.example.com/deploy/getPublishTrace?lastPublishToken=a-b',
    );
    expect(asked[0]!.init.headers).toMatchObject({ 'X-API-KEY': 'the-key', 'G-N-ID': '3' });
  });

  it('sends a POST input as a JSON body', async () => {
    const { asked, client } = answering({ code: 0, message: '', data: { token: 't', ahead: 0 } });
    await client.call(deployRoutes.publish, { projectId: 4, serverIds: [1, 2] });
    expect(asked[0]!.url).toBe('https://console.example.com/deploy/publish');
    expect(JSON.parse(asked[0]!.init.body as string)).toEqual({ projectId: 4, serverIds: [1, 2] });
  });

  it('turns a refusal (code 1, not logged in) into exit code 2 and an error into 1', async () => {
    const denied = answering({ code: 1, message: 'You have no access to this', data: null });
    expect(await failureOf(denied.client.call(userRoutes.userInfo, {}))).toMatchObject({
      exitCode: 2,
      message: '/user/info refused (no permission): You have no access to this',
      details: { code: 1 },
    });
    const unknownKey = answering({ code: 10001, message: 'Illegal request', data: null });
    expect(await failureOf(unknownKey.client.call(userRoutes.userInfo, {}))).toMatchObject({
      exitCode: 2,
    });
    const broken = answering({ code: 2, message: 'deploy_already_running', data: null });
    expect(await failureOf(broken.client.call(userRoutes.userInfo, {}))).toMatchObject({
      exitCode: 1,
      message: '/user/info failed (code 2): deploy_already_running',
    });
  });

  it('says so when the answer is no envelope (a proxy error page)', async () => {
    const { client } = answering('<html>Bad gateway</html>', 502);
    expect(await failureOf(client.call(userRoutes.userInfo, {}))).toMatchObject({
      exitCode: 1,
      message: '/user/info: the console answered HTTP 502 without an envelope',
    });
  });
});

describe('toQuery', () => {
  it('leaves out empty values and joins lists with commas', () => {
    expect(toQuery({ id: 3, branch: 'origin/main', skip: undefined, ids: [1, 2] })).toBe(
      '?id=3&branch=origin%2Fmain&ids=1%2C2',
    );
    expect(toQuery({})).toBe('');
  });
});
