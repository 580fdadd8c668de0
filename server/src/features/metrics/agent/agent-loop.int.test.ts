import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../../../test/http-receiver.js';
import { agentLoopScript } from './agent-scripts.js';
import { agentSign } from './agent-sign.js';

const run = promisify(execFile);
const KEY = 'the-key-of-server-7-0123456789abcdefghijkl';
/** Good lines, and lines the agent must leave out (type, quote, not a number). */
const COLLECTOR = [
  'echo "1 cpu_usage 12.50"',
  'echo "7 /dev/sda1.usage 41"',
  'echo "5 eth0.in 1234567890123"',
  'echo "9 unknown 1"',
  "echo '4 bad\"item 3'",
  'echo "2 ram_usage high"',
].join('\n');
/** The programs the loop runner needs besides a digest and an HTTP client. */
const BASE = ['awk', 'base64', 'cat', 'cut', 'date', 'head', 'rm', 'sed', 'sh', 'sha256sum', 'tr'];

let root: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-agent-loop-'));
  receiver = await startReceiver({ status: 200, body: '{"code":0,"message":"","data":null}' });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** An agent directory and a PATH holding only `BASE` and `tools`. */
function agentWith(name: string, tools: string[], tool: string) {
  const dir = path.join(root, name);
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  for (const p of [...BASE, ...tools]) {
    const found = ['/usr/bin', '/bin'].map((d) => path.join(d, p)).find((f) => fs.existsSync(f));
    if (!found) throw new Error(`${p} is missing on this machine`);
    fs.symlinkSync(found, path.join(bin, p));
  }
  fs.writeFileSync(path.join(dir, 'agent-loop.sh'), agentLoopScript());
  fs.writeFileSync(path.join(dir, 'collect.sh'), `${COLLECTOR}\n`);
  fs.writeFileSync(path.join(dir, 'agent.key'), `${KEY}\n`, { mode: 0o600 });
  const conf = [`url=${receiver.url('')}`, 'server=7', 'interval=10', `tool=${tool}`];
  fs.writeFileSync(path.join(dir, 'agent.conf'), `${conf.join('\n')}\n`);
  const once = () =>
    run('/bin/sh', [path.join(dir, 'agent-loop.sh'), 'once'], {
      env: { PATH: bin, FERRY_AGENT_DIR: dir },
    });
  return { once };
}

describe('the agent loop runner', { timeout: 30_000 }, () => {
  it.each([
    ['openssl and curl', ['openssl', 'curl'], 'curl'],
    ['sha256sum, xxd and wget', ['xxd', 'wget'], 'wget'],
    ['sha256sum alone and whichever client there is', ['curl'], ''],
  ])('posts the batch signed as the console checks it, with %s', async (name, tools, tool) => {
    const before = receiver.received.length;
    const agent = agentWith(name.replaceAll(/\W+/g, '-'), tools, tool);
    await agent.once();
    const [req] = receiver.received.slice(before);
    expect(req?.method).toBe('POST');
    const url = new URL(req!.url, 'http://x');
    expect(url.pathname).toBe('/agent/report');
    const timestamp = url.searchParams.get('timestamp')!;
    expect(url.searchParams.get('sign')).toBe(agentSign(Buffer.from(req!.body), timestamp, KEY));
    expect(req!.json).toEqual({
      serverId: 7,
      time: Number(timestamp) * 1000,
      samples: [
        { type: 1, item: 'cpu_usage', value: 12.5 },
        { type: 7, item: '/dev/sda1.usage', value: 41 },
        { type: 5, item: 'eth0.in', value: 1234567890123 },
      ],
    });
  });

  it("fails with the console's answer when the report is refused", async () => {
    receiver.script('/agent/report', {
      status: 200,
      body: '{"code":2,"message":"sign error","data":null}',
    });
    const agent = agentWith('refused', ['openssl', 'curl'], 'curl');
    await expect(agent.once()).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('sign error'),
    });
  });
});
