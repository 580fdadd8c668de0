import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCode, startConsole, type StartedConsole } from '../test/console-process.js';

const PASSWORD = 'Admin123!';
const WRONG = 'Wrong-guess-77';
const NEW_PASSWORD = 'Brand9new!';
let dataDir: string | undefined;
let started: StartedConsole | undefined;

afterAll(() => {
  started?.child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opens a WebSocket and resolves when the console closes it or it has been open a moment. */
function touchSocket(url: string): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    const done = () => resolve();
    ws.addEventListener('open', () => setTimeout(() => ws.close(), 200));
    ws.addEventListener('close', done);
    ws.addEventListener('error', done);
  });
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((e) => (e.isFile() ? [path.join(e.parentPath, e.name)] : []));
}

describe('secrets and the console log', () => {
  it('keeps every password, session token and API key out of the log and the data directory', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-secrets-'));
    started = await startConsole({
      FERRY_DATA_DIR: dataDir,
      FERRY_ADMIN_PASSWORD: PASSWORD,
      FERRY_LOG_LEVEL: 'trace',
    });
    const { url } = started;
    const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}${route}`, {
        method: route === '/user/login' ? 'POST' : 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    await post('/user/login', { account: 'admin', password: WRONG });
    const login = await post('/user/login', { account: 'admin', password: PASSWORD });
    const session = ((await login.json()) as { data: { token: string } }).data.token;
    expect(session).toBeTruthy();
    const asSession = { cookie: `goploy_token=${session}`, 'g-n-id': '1' };
    const keyRes = await post('/user/generateApiKey', {}, asSession);
    const apiKey = ((await keyRes.json()) as { data: string }).data;
    expect(apiKey).toHaveLength(32);

    const viaQuery = await fetch(`${url}/user/info?X-API-KEY=${apiKey}&G-N-ID=1`);
    expect(((await viaQuery.json()) as { code: number }).code).toBe(0);
    const viaHeader = await fetch(`${url}/user/info`, {
      headers: { 'x-api-key': apiKey, 'g-n-id': '1' },
    });
    expect(((await viaHeader.json()) as { code: number }).code).toBe(0);
    const ws = url.replace(/^http/, 'ws');
    await touchSocket(`${ws}/ws/connect?token=${session}&G-N-ID=1`);
    await touchSocket(`${ws}/ws/xterm?serverId=1&rows=24&cols=80&token=${session}&G-N-ID=1`);
    await touchSocket(`${ws}/ws/connect?goploy_token=${session}&G-N-ID=1`);
    const change = await post(
      '/user/changePassword',
      { oldPwd: PASSWORD, newPwd: NEW_PASSWORD },
      asSession,
    );
    expect(((await change.json()) as { code: number }).code).toBe(0);

    started.child.kill('SIGTERM');
    await exitCode(started.child);
    const output = started.output();
    // The log did record those requests, with the secrets masked.
    expect(output).toContain('/ws/connect?token=***');
    expect(output).toContain('/user/info?X-API-KEY=***');

    const secrets = { PASSWORD, WRONG, NEW_PASSWORD, session, apiKey };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(output.includes(secret), `${name} in the log`).toBe(false);
      for (const file of filesUnder(dataDir)) {
        expect(fs.readFileSync(file).includes(secret), `${name} in ${file}`).toBe(false);
      }
    }
  }, 60_000);
});
