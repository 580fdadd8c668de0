import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateConsoleKeyPair, loadConsoleKey } from './console-key.js';

describe('loadConsoleKey', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-console-key-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('makes an ed25519 pair on first use, private key 0600 in a 0700 directory', () => {
    const pair = loadConsoleKey(dataDir);
    const dir = path.join(dataDir, 'ssh');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'id_ed25519')).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, 'id_ed25519'), 'utf8')).toBe(pair.privateKey);
    expect(pair.publicKey).toMatch(/^ssh-ed25519 AAAA[A-Za-z0-9+/=]+ ferry-console$/);
    expect(fs.readFileSync(path.join(dir, 'id_ed25519.pub'), 'utf8')).toBe(`${pair.publicKey}\n`);
  });

  it('returns the same pair on later calls', () => {
    const first = loadConsoleKey(dataDir);
    const second = loadConsoleKey(dataDir);
    expect(second).toEqual(first);
  });

  it('makes a key ssh2 parses as a private key whose public half is the .pub line', () => {
    const pair = loadConsoleKey(dataDir);
    const parsed = ssh2.utils.parseKey(pair.privateKey);
    if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('not one key');
    expect(parsed.type).toBe('ssh-ed25519');
    expect(parsed.isPrivateKey()).toBe(true);
    expect(pair.publicKey.split(' ')[1]).toBe(parsed.getPublicSSH().toString('base64'));
  });

  it('makes only pairs ssh2 reads back, though ssh2 spoils one in 256 it generates', () => {
    // Without the check, 2000 pairs hold one whose public key starts with a zero byte 99.96% of
    // the time, and ssh2 writes that one malformed.
    for (let i = 0; i < 2000; i++) {
      const pair = generateConsoleKeyPair();
      const own = ssh2.utils.parseKey(pair.private);
      const shown = ssh2.utils.parseKey(pair.public);
      if (own instanceof Error || shown instanceof Error) throw new Error(`pair ${i} unreadable`);
      if (Array.isArray(own) || Array.isArray(shown)) throw new Error('not one key');
      expect(own.getPublicSSH().equals(shown.getPublicSSH())).toBe(true);
    }
  });

  it('writes the public half again from the private key when it was removed', () => {
    const first = loadConsoleKey(dataDir);
    fs.rmSync(path.join(dataDir, 'ssh', 'id_ed25519.pub'));
    expect(loadConsoleKey(dataDir)).toEqual(first);
  });
});
