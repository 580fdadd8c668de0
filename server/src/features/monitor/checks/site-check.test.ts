import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MonitorType, monitorTargetObject, type MonitorTarget } from '@ferry/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMonitorChecks } from './monitor-checks.js';

const run = promisify(execFile);
const noExec = () => Promise.reject(new Error('no server here'));
const target = (t: Partial<MonitorTarget> & { items: string[] }) => monitorTargetObject.parse(t);

let dir: string;
let base: string;
const servers: (http.Server | https.Server)[] = [];
/** A self-signed certificate valid for 2 days, and one that expired yesterday. */
let fresh: { key: Buffer; cert: Buffer };
let expired: { key: Buffer; cert: Buffer };
let freshUrl: string;
let expiredUrl: string;

const listen = async (server: http.Server | https.Server, scheme: string) => {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const site: http.RequestListener = (req, res) => {
  const url = req.url ?? '/';
  if (url === '/ok') return res.end('hello world');
  if (url === '/moved') return res.writeHead(301, { location: '/ok' }).end();
  if (url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
  if (url === '/bare-redirect') return res.writeHead(302).end('no location');
  if (url === '/error') return res.writeHead(500).end('broken');
  if (url === '/slow') return void setTimeout(() => res.end('slow hello'), 300);
  if (url === '/hang') return; // never answers
  if (url === '/big') {
    res.write(Buffer.alloc(1024 * 1024 + 10, 'a'));
    return res.end('needle');
  }
  res.writeHead(404).end();
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-site-check-'));
  const subj = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'];
  const key = path.join(dir, 'key.pem');
  await run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', key, '-out', path.join(dir, 'fresh.pem'), '-days', '2', ...subj],
  ]);
  await run('openssl', [
    ...['x509', '-in', path.join(dir, 'fresh.pem'), '-signkey', key, '-days', '-1'],
    ...['-out', path.join(dir, 'expired.pem')],
  ]);
  const read = (f: string) => fs.readFileSync(path.join(dir, f));
  fresh = { key: read('key.pem'), cert: read('fresh.pem') };
  expired = { key: read('key.pem'), cert: read('expired.pem') };
  base = await listen(http.createServer(site), 'http');
  freshUrl = await listen(https.createServer(fresh, site), 'https');
  expiredUrl = await listen(https.createServer(expired, site), 'https');
});
afterAll(() => {
  for (const s of servers) s.close();
  servers.forEach((s) => (s as http.Server).closeAllConnections());
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('site checks', () => {
  const checks = createMonitorChecks({ execOnServer: noExec });
  const check = (t: Partial<MonitorTarget> & { items: string[] }) =>
    checks.run({ namespaceId: 1 }, MonitorType.site, target(t));

  it('passes a 200, follows a redirect to one, and passes a HEAD', async () => {
    const r = await check({ items: [`${base}/ok`, `${base}/moved`] });
    expect(r).toMatchObject({ ok: true, message: '' });
    expect(r.items.map((i) => [i.ok, i.message, i.certDaysLeft])).toEqual([
      [true, '', undefined],
      [true, '', undefined],
    ]);
    expect(r.latencyMs).toBe(Math.max(...r.items.map((i) => i.latencyMs)));
    expect((await check({ items: [`${base}/ok`], method: 'HEAD' })).ok).toBe(true);
  });

  it('judges the status by the accepted set', async () => {
    const r = await check({ items: [`${base}/ok`, `${base}/error`, `${base}/missing`] });
    expect(r.ok).toBe(false);
    expect(r.message).toBe('HTTP status 500 is not accepted (200-399).');
    expect(r.items.map((i) => i.ok)).toEqual([true, false, false]);
    expect(r.items[2]!.message).toBe('HTTP status 404 is not accepted (200-399).');
    expect((await check({ items: [`${base}/error`], statuses: '200,500-503' })).ok).toBe(true);
    expect((await check({ items: [`${base}/moved`], statuses: '301' })).ok).toBe(false);
    // A redirect without a Location is an answer like any other: 302 is in the default set.
    expect((await check({ items: [`${base}/bare-redirect`] })).ok).toBe(true);
    expect((await check({ items: [`${base}/bare-redirect`], statuses: '200' })).message).toBe(
      'HTTP status 302 is not accepted (200).',
    );
  });

  it('looks for a keyword in the first MiB of the body, after redirects', async () => {
    expect((await check({ items: [`${base}/moved`], keyword: 'hello' })).ok).toBe(true);
    expect((await check({ items: [`${base}/ok`], keyword: 'bye' })).message).toBe(
      'The answer does not hold "bye".',
    );
    const absent = { keywordMode: 'absent' as const };
    expect((await check({ items: [`${base}/ok`], keyword: 'world', ...absent })).message).toBe(
      'The answer holds "world".',
    );
    expect((await check({ items: [`${base}/ok`], keyword: 'bye', ...absent })).ok).toBe(true);
    expect((await check({ items: [`${base}/big`], keyword: 'needle' })).ok).toBe(false);
    expect((await check({ items: [`${base}/big`], keyword: 'aaaa' })).ok).toBe(true);
    expect((await check({ items: [`${base}/ok`], keyword: 'x', method: 'HEAD' })).message).toMatch(
      /keyword needs the GET method/,
    );
  });

  it('fails an answer slower than the limit, and one that never comes within the timeout', async () => {
    const slow = await check({ items: [`${base}/slow`], maxResponseMs: 100 });
    expect(slow.ok).toBe(false);
    expect(slow.message).toMatch(/^The answer took \d+ ms, more than the limit of 100 ms\.$/);
    expect(slow.latencyMs).toBeGreaterThanOrEqual(250);
    expect((await check({ items: [`${base}/slow`], maxResponseMs: 5000 })).ok).toBe(true);

    const started = performance.now();
    const hang = await check({ items: [`${base}/hang`], timeout: 1 });
    expect(hang.message).toBe('No answer within the time limit of 1 s.');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('fails too many redirects, a bad URL and a closed port with clear messages', async () => {
    const r = await check({
      items: [`${base}/loop`, 'not a url', 'ftp://x/y', 'http://127.0.0.1:1/'],
    });
    expect(r.items.map((i) => i.message)).toEqual([
      'More than 5 redirects.',
      '"not a url" is not a URL.',
      '"ftp://x/y" is not an http or https URL.',
      expect.stringMatching(/^The request failed: .*ECONNREFUSED/),
    ]);
  });

  it('stops when the signal aborts', async () => {
    const stop = new AbortController();
    const pending = checks.run(
      { namespaceId: 1 },
      MonitorType.site,
      target({ items: [`${base}/hang`], timeout: 30 }),
      stop.signal,
    );
    setTimeout(() => stop.abort(), 100);
    expect((await pending).message).toBe('The check was stopped.');
  });

  it("reports a certificate's days left and fails it within the warning", async () => {
    const trusting = createMonitorChecks({ execOnServer: noExec, ca: fresh.cert });
    const tls = (t: Partial<MonitorTarget>) =>
      trusting.run(
        { namespaceId: 1 },
        MonitorType.site,
        target({ items: [`${freshUrl}/ok`], ...t }),
      );
    const warned = await tls({});
    expect(warned.ok).toBe(false);
    const days = warned.items[0]!.certDaysLeft!;
    expect([1, 2]).toContain(days);
    expect(warned.message).toBe(
      `The TLS certificate expires in ${days} day${days === 1 ? '' : 's'} (warned 14 days before).`,
    );
    const never = await tls({ certWarnDays: 0 });
    expect(never).toMatchObject({ ok: true, items: [{ certDaysLeft: days }] });
    expect((await tls({ certWarnDays: days })).ok).toBe(true);
    expect((await tls({ certWarnDays: days + 1 })).ok).toBe(false);
  });

  it('fails a certificate that does not verify, with its reason', async () => {
    const r = await check({ items: [`${freshUrl}/ok`] });
    expect(r.message).toMatch(/^The TLS certificate is not valid: self[- ]signed certificate/);
    const trusting = createMonitorChecks({ execOnServer: noExec, ca: expired.cert });
    const old = await trusting.run(
      { namespaceId: 1 },
      MonitorType.site,
      target({ items: [`${expiredUrl}/ok`] }),
    );
    expect(old.message).toMatch(/^The TLS certificate is not valid: certificate has expired/);
  });
});
