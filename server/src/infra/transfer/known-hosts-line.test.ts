import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownHostsLine } from './known-hosts-line.js';

let dir: string;
let publicLine: string;
let blob: Buffer;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-khl-'));
  const key = path.join(dir, 'host');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'host', '-f', key]);
  publicLine = fs.readFileSync(`${key}.pub`, 'utf8').trim();
  blob = Buffer.from(publicLine.split(' ')[1]!, 'base64');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Whether OpenSSH itself finds `name` in a known_hosts file holding `line`. */
function sshFinds(line: string, name: string): boolean {
  const file = path.join(dir, 'known_hosts');
  fs.writeFileSync(file, `${line}\n`);
  try {
    return execFileSync('ssh-keygen', ['-F', name, '-f', file], { encoding: 'utf8' }).includes(
      line,
    );
  } catch {
    return false; // ssh-keygen -F exits 1 when the name is not found
  }
}

describe('knownHostsLine', () => {
  it('writes port 22 as the bare host with the key type read from the blob', () => {
    const line = knownHostsLine('example.com', 22, blob);
    expect(line).toBe(`example.com ${publicLine.split(' ').slice(0, 2).join(' ')}`);
    expect(sshFinds(line, 'example.com')).toBe(true);
  });

  it('writes other ports as [host]:port, which OpenSSH looks up for that port only', () => {
    const line = knownHostsLine('10.0.0.5', 2222, blob);
    expect(line.startsWith('[10.0.0.5]:2222 ssh-ed25519 ')).toBe(true);
    expect(sshFinds(line, '[10.0.0.5]:2222')).toBe(true);
    expect(sshFinds(line, '10.0.0.5')).toBe(false);
  });

  it('gives the same line for the blob ssh2 derives from the private key', () => {
    const parsed = ssh2.utils.parseKey(fs.readFileSync(path.join(dir, 'host'), 'utf8'));
    if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('unexpected key');
    expect(knownHostsLine('h', 22, parsed.getPublicSSH())).toBe(knownHostsLine('h', 22, blob));
  });

  it('refuses a blob without a key type and hosts that could add names or lines', () => {
    expect(() => knownHostsLine('h', 22, Buffer.from([0, 0, 0, 50, 65]))).toThrow(/key type/);
    expect(() => knownHostsLine('h', 22, Buffer.alloc(2))).toThrow(/too short/);
    expect(() => knownHostsLine('a,b', 22, blob)).toThrow(/not a host/);
    expect(() => knownHostsLine('a\nb', 22, blob)).toThrow(/not a host/);
    expect(() => knownHostsLine('a b', 22, blob)).toThrow(/not a host/);
    expect(() => knownHostsLine('h', 0, blob)).toThrow(/port/);
  });
});
