import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../test/linux-accounts.js';
import { startSshdFleet, type SshdFleet, type SshdServer } from '../../../test/sshd-fleet.js';
import { createKnownHosts } from './known-hosts.js';

let tmp: string;
let fleet: SshdFleet | undefined;
let server: SshdServer;

/** A real public key of `type`: its `type base64` part and `ssh-keygen -lf`'s fingerprint. */
async function realKey(type: 'ed25519' | 'ecdsa' | 'rsa') {
  const file = path.join(tmp, `key-${type}-${Math.random().toString(36).slice(2)}`);
  await run('ssh-keygen', ['-q', '-t', type, '-N', '', '-f', file]);
  const [keyType, blob] = fs.readFileSync(`${file}.pub`, 'utf8').split(' ');
  const fingerprint = (await run('ssh-keygen', ['-l', '-f', `${file}.pub`])).split(' ')[1]!;
  return { line: `${keyType} ${blob}`, fingerprint };
}

let dirCount = 0;
/** A fresh store in its own (not yet existing) directory, with `lines` as its known_hosts. */
function store(lines?: string[]) {
  const file = path.join(tmp, `store-${++dirCount}`, 'ssh', 'known_hosts');
  if (lines) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
  }
  return createKnownHosts({ file, scanTimeoutMs: 3000 });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-kh-'));
  fleet = await startSshdFleet({ count: 1 });
  server = fleet.servers[0]!;
}, 30_000);
afterAll(async () => {
  await fleet?.stopAll();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('createKnownHosts', () => {
  it('answers the fingerprint ssh-keygen prints for the stored key', async () => {
    const key = await realKey('ed25519');
    const hosts = store([`git.example.com ${key.line} some comment`]);
    expect(hosts.fingerprint('git.example.com', 22)).toBe(key.fingerprint);
    expect(key.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it('tells port 22 (a bare name) from other ports ([host]:port)', async () => {
    const [a, b] = await Promise.all([realKey('ed25519'), realKey('ed25519')]);
    const hosts = store([`example.com ${a.line}`, `[example.com]:2222 ${b.line}`]);
    expect(hosts.fingerprint('example.com', 22)).toBe(a.fingerprint);
    expect(hosts.fingerprint('example.com', 2222)).toBe(b.fingerprint);
    expect(hosts.fingerprint('example.com', 2200)).toBe('');
    expect(hosts.fingerprint('other.example.com', 22)).toBe('');
  });

  it('prefers ed25519, then ecdsa, then rsa when several types are stored', async () => {
    const [ed, ec, rsa] = await Promise.all([realKey('ed25519'), realKey('ecdsa'), realKey('rsa')]);
    const all = store([`h1 ${rsa.line}`, `h1 ${ec.line}`, `h1 ${ed.line}`]);
    expect(all.fingerprint('h1', 22)).toBe(ed.fingerprint);
    const noEd = store([`h1 ${rsa.line}`, `h1 ${ec.line}`]);
    expect(noEd.fingerprint('h1', 22)).toBe(ec.fingerprint);
  });

  it('reads lists of names and skips comments, markers and hashed names', async () => {
    const [a, b, c] = await Promise.all([realKey('ed25519'), realKey('ed25519'), realKey('rsa')]);
    const hosts = store([
      '# a comment',
      '',
      `@revoked h2 ${b.line}`,
      `@cert-authority h2 ${b.line}`,
      `|1|c2FsdA==|aGFzaA== ${c.line}`,
      `h1,h2,10.0.0.1 ${a.line}`,
    ]);
    expect(hosts.fingerprint('h2', 22)).toBe(a.fingerprint);
    expect(hosts.fingerprint('10.0.0.1', 22)).toBe(a.fingerprint);
    expect(hosts.fingerprint('|1|c2FsdA==|aGFzaA==', 22)).toBe(c.fingerprint); // literal only
  });

  it('answers empty fingerprints when the files do not exist, and creates nothing', () => {
    const hosts = store();
    expect(hosts.fingerprint('h1', 22)).toBe('');
    expect(hosts.pendingFingerprint('h1', 22)).toBe('');
    expect(() => hosts.accept('h1', 22)).toThrow('No new host key of h1 is pending');
    expect(fs.existsSync(path.dirname(hosts.file))).toBe(false);
  });

  it('records the key a real server presents as pending, then trusts it on accept', async () => {
    const old = await realKey('ed25519');
    const other = await realKey('ed25519');
    const token = `[127.0.0.1]:${server.port}`;
    const hosts = store([`${token},alias ${old.line}`, `elsewhere ${other.line}`]);

    expect(await hosts.recordPending('127.0.0.1', server.port)).toBe(server.hostKeyFingerprint);
    expect(hosts.pendingFingerprint('127.0.0.1', server.port)).toBe(server.hostKeyFingerprint);
    expect(hosts.fingerprint('127.0.0.1', server.port)).toBe(old.fingerprint);

    expect(hosts.accept('127.0.0.1', server.port)).toBe(server.hostKeyFingerprint);
    expect(hosts.fingerprint('127.0.0.1', server.port)).toBe(server.hostKeyFingerprint);
    expect(hosts.pendingFingerprint('127.0.0.1', server.port)).toBe('');
    expect(hosts.fingerprint('alias', 22)).toBe(old.fingerprint);
    expect(hosts.fingerprint('elsewhere', 22)).toBe(other.fingerprint);
    expect(() => hosts.accept('127.0.0.1', server.port)).toThrow(/pending/);
  });

  it('writes a file ssh itself accepts, private to the console', async () => {
    const hosts = store();
    await hosts.recordPending('127.0.0.1', server.port);
    hosts.accept('127.0.0.1', server.port);
    const found = await run('ssh-keygen', ['-F', `[127.0.0.1]:${server.port}`, '-f', hosts.file]);
    expect(found).toContain(`[127.0.0.1]:${server.port} ssh-ed25519 `);
    expect(fs.statSync(hosts.file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(`${hosts.file}.pending`).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(hosts.file)).mode & 0o777).toBe(0o700);
  });

  it('replaces an older pending key of the host and answers empty when the scan finds none', async () => {
    const stale = await realKey('ed25519');
    const hosts = store([]);
    fs.writeFileSync(`${hosts.file}.pending`, `[127.0.0.1]:${server.port} ${stale.line}\n`);
    await hosts.recordPending('127.0.0.1', server.port);
    expect(hosts.pendingFingerprint('127.0.0.1', server.port)).toBe(server.hostKeyFingerprint);

    const closed = await closedPort();
    fs.appendFileSync(`${hosts.file}.pending`, `[127.0.0.1]:${closed} ${stale.line}\n`);
    expect(await hosts.recordPending('127.0.0.1', closed)).toBe('');
    expect(hosts.pendingFingerprint('127.0.0.1', closed)).toBe('');
    expect(hosts.pendingFingerprint('127.0.0.1', server.port)).toBe(server.hostKeyFingerprint);
  });
});

/** A loopback port nothing listens on (free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
