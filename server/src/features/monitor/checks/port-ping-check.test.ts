import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MonitorType, monitorTargetObject, type MonitorTarget } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMonitorChecks } from './monitor-checks.js';
import { parseHostPort } from './tcp-connect.js';

const noExec = () => Promise.reject(new Error('no server here'));
const target = (t: Partial<MonitorTarget> & { items: string[] }) => monitorTargetObject.parse(t);
const checks = createMonitorChecks({ execOnServer: noExec });

/**
 * Documentation addresses (RFC 5737), where nothing should answer. Some networks route one of them
 * (a sandbox's gateway, a proxy that answers for every address): the first of them that neither
 * accepts nor refuses a connection within a second is the test's `NOWHERE`.
 */
const CANDIDATES = ['192.0.2.1', '192.0.2.77', '198.51.100.1', '203.0.113.1'];
let NOWHERE: string | undefined;

const silent = (host: string) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host, port: 80 });
    const done = (quiet: boolean) => {
      s.destroy();
      resolve(quiet);
    };
    s.setTimeout(1000, () => done(true));
    s.once('connect', () => done(false));
    // Unreachable is silent too; a refusal is the host answering.
    s.once('error', (err: NodeJS.ErrnoException) => done(err.code !== 'ECONNREFUSED'));
  });

let listening: net.Server;
let open: number;
let closed: number;
let dir: string;
beforeAll(async () => {
  listening = net.createServer((s) => s.destroy()).listen(0, '127.0.0.1');
  await new Promise((r) => listening.once('listening', r));
  open = (listening.address() as net.AddressInfo).port;
  const gone = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => gone.once('listening', r));
  closed = (gone.address() as net.AddressInfo).port;
  await new Promise((r) => gone.close(r));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-ping-check-'));
  const quiet = await Promise.all(CANDIDATES.map(silent));
  NOWHERE = CANDIDATES.find((_, i) => quiet[i]);
});
afterAll(() => {
  listening.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('port checks', () => {
  const check = (t: Partial<MonitorTarget> & { items: string[] }) =>
    checks.run({ namespaceId: 1 }, MonitorType.port, target(t));

  it('passes a listening port, fails a closed one and bad items, each on its own', async () => {
    const r = await check({
      items: [`127.0.0.1:${open}`, `127.0.0.1:${closed}`, 'nohost', 'h:0', 'h:70000', '[zz]:80'],
    });
    expect(r.ok).toBe(false);
    expect(r.items.map((i) => [i.ok, i.message])).toEqual([
      [true, ''],
      [false, `Connection to 127.0.0.1:${closed} refused.`],
      [false, '"nohost" is not host:port (an IPv6 address as [::1]:80).'],
      [false, 'The port of "h:0" must be 1-65535.'],
      [false, 'The port of "h:70000" must be 1-65535.'],
      [false, '"zz" is not an IPv6 address.'],
    ]);
    expect(r.message).toBe(`Connection to 127.0.0.1:${closed} refused.`);
  });

  it('fails an address that never answers within the timeout', async (t) => {
    if (!NOWHERE) return t.skip('every documentation address answers on this network');
    const started = performance.now();
    const r = await check({ items: [`${NOWHERE}:80`], timeout: 1 });
    expect(r.message).toMatch(
      /^(No answer within the time limit of 1 s\.|Connection to .* failed: .*)$/,
    );
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('reads IPv6 items', () => {
    expect(parseHostPort('[::1]:80')).toEqual({ host: '::1', port: 80 });
    expect(parseHostPort('example.com:443')).toEqual({ host: 'example.com', port: 443 });
    expect(parseHostPort('::1:80')).toHaveProperty('error');
    expect(parseHostPort('-x:80')).toHaveProperty('error');
  });
});

describe('ping checks', () => {
  /** What this machine allows: ICMP when a ping program works here, else the TCP knock. */
  const icmpHere = (() => {
    try {
      execFileSync('ping', ['-n', '-c', '1', '-W', '1', '127.0.0.1'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  const ping = (
    c: ReturnType<typeof createMonitorChecks>,
    t: Partial<MonitorTarget> & { items: string[] },
  ) => c.run({ namespaceId: 1 }, MonitorType.ping, target(t));

  it(`reaches 127.0.0.1 (${icmpHere ? 'ICMP' : 'TCP'} here) and fails an address that never answers`, async (t) => {
    if (!NOWHERE) return t.skip('every documentation address answers on this network');
    const r = await ping(checks, { items: ['127.0.0.1', NOWHERE], timeout: 1 });
    const via = icmpHere ? 'icmp' : 'tcp';
    expect(r.items[0]).toMatchObject({ ok: true, message: '', via });
    expect(r.items[1]).toMatchObject({ ok: false, via });
    expect(r.message).toMatch(
      icmpHere
        ? /^No ICMP answer from [\d.]+ within 1 s/
        : /^No TCP answer from [\d.]+ on ports 80, 443, 22 \(.*TCP was tried instead\)/,
    );
  });

  it('knocks by TCP when there is no ping program, or ICMP is not permitted', async (t) => {
    if (!NOWHERE) return t.skip('every documentation address answers on this network');
    const missing = createMonitorChecks({
      execOnServer: noExec,
      pingProgram: path.join(dir, 'none'),
    });
    const r = await ping(missing, { items: ['127.0.0.1', NOWHERE], timeout: 1 });
    expect(r.items[0]).toMatchObject({ ok: true, via: 'tcp' });
    expect(r.items[1]!.message).toMatch(/\(no ping program here, so TCP was tried instead\)/);

    const denied = path.join(dir, 'denied-ping');
    fs.writeFileSync(
      denied,
      '#!/bin/sh\necho "ping: socket: Operation not permitted" >&2\nexit 2\n',
      {
        mode: 0o755,
      },
    );
    const refused = createMonitorChecks({ execOnServer: noExec, pingProgram: denied });
    const d = await ping(refused, { items: ['127.0.0.1', NOWHERE], timeout: 1 });
    expect(d.items[0]).toMatchObject({ ok: true, via: 'tcp' });
    expect(d.items[1]!.message).toMatch(/\(ICMP is not permitted here, so TCP was tried instead\)/);
  });

  it('passes the host as one argument after --, and refuses what is not a host', async () => {
    const argv = path.join(dir, 'argv-ping');
    const out = path.join(dir, 'argv.txt');
    fs.writeFileSync(
      argv,
      `#!/bin/sh\nprintf '%s\\n' "$@" > ${out}\necho "64 bytes: time=1.5 ms"\n`,
      {
        mode: 0o755,
      },
    );
    const recording = createMonitorChecks({ execOnServer: noExec, pingProgram: argv });
    const r = await ping(recording, { items: ['example.com'], timeout: 3 });
    expect(r.items[0]).toMatchObject({ ok: true, via: 'icmp', latencyMs: 2 });
    expect(fs.readFileSync(out, 'utf8')).toBe('-n\n-c\n1\n-W\n3\n--\nexample.com\n');

    const bad = await ping(recording, { items: ['-f', 'a;rm -rf /', '$(id)', 'a b'] });
    expect(bad.items.map((i) => i.message)).toEqual([
      '"-f" is not a host name or address.',
      '"a;rm -rf /" is not a host name or address.',
      '"$(id)" is not a host name or address.',
      '"a b" is not a host name or address.',
    ]);
  });
});
