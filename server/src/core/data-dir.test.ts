import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir.js';

const FILES = [
  'ferry.db',
  'ferry.db-wal',
  'ferry.db-shm',
  'secret.key',
  'initial-admin-password',
  'ssh/id_ed25519',
  'ssh/id_ed25519.pub',
  'ssh/known_hosts',
];
const DIRS = ['ssh', 'terminal-log', 'deploy-log'];

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

describe('secureDataDir', () => {
  it('makes every private entry an older start left open readable by the console alone', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-data-dir-'));
    fs.chmodSync(dir, 0o755);
    for (const d of DIRS) fs.mkdirSync(path.join(dir, d), { mode: 0o755 });
    // A write-ahead log a crash left behind, with content and the mode SQLite gave it.
    for (const f of FILES) fs.writeFileSync(path.join(dir, f), 'x', { mode: 0o644 });
    secureDataDir(dir);
    expect(modeOf(dir)).toBe(0o700);
    for (const d of DIRS) expect(modeOf(path.join(dir, d)), d).toBe(0o700);
    for (const f of FILES) expect(modeOf(path.join(dir, f)), f).toBe(0o600);
  });

  it('leaves a symbolic link and what it points at alone', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-data-dir-'));
    const outside = path.join(dir, 'outside.key');
    fs.writeFileSync(outside, 'x', { mode: 0o644 });
    fs.symlinkSync(outside, path.join(dir, 'secret.key'));
    secureDataDir(dir);
    expect(modeOf(outside)).toBe(0o644);
  });
});
