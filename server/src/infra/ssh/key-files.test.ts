import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConsoleKey } from './console-key.js';
import { createKeyFiles } from './key-files.js';

const KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nnot checked here\n-----END OPENSSH PRIVATE KEY-----\n';

describe('key files', () => {
  let root: string;
  let keyDir: string;
  let dataDir: string;
  let consoleKey: { privateKey: string };
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-key-files-'));
    keyDir = path.join(root, 'keys');
    dataDir = path.join(root, 'data');
    fs.mkdirSync(path.join(keyDir, 'team'), { recursive: true });
    fs.writeFileSync(path.join(keyDir, 'team', 'id_deploy'), KEY, { mode: 0o600 });
    fs.writeFileSync(path.join(root, 'outside'), KEY, { mode: 0o600 });
    fs.symlinkSync(path.join(keyDir, 'team', 'id_deploy'), path.join(keyDir, 'inner-link'));
    fs.symlinkSync(path.join(root, 'outside'), path.join(keyDir, 'outer-link'));
    fs.symlinkSync('/etc', path.join(keyDir, 'etc'));
    execFileSync('mkfifo', [path.join(keyDir, 'fifo')]);
    consoleKey = loadConsoleKey(dataDir);
    fs.writeFileSync(path.join(keyDir, 'console-copy'), consoleKey.privateKey, { mode: 0o600 });
    fs.linkSync(path.join(dataDir, 'ssh', 'id_ed25519'), path.join(keyDir, 'console-link'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const gate = (dir: string | undefined) =>
    createKeyFiles({ dir, consoleKeyDir: path.join(dataDir, 'ssh'), consoleKey: () => consoleKey });

  it('reads a key file inside the directory, also through a link that stays inside', () => {
    expect(gate(keyDir).read(path.join(keyDir, 'team', 'id_deploy'))).toBe(KEY);
    expect(gate(keyDir).read(path.join(keyDir, 'inner-link'))).toBe(KEY);
    expect(gate(`${keyDir}/`).read(path.join(keyDir, 'team', '..', 'team', 'id_deploy'))).toBe(KEY);
  });

  it('reads nothing when no directory is configured', () => {
    expect(gate(undefined).read(path.join(keyDir, 'team', 'id_deploy'))).toBeUndefined();
  });

  it.each([
    ['a file outside', () => path.join(root, 'outside')],
    ['a path climbing out with ..', () => path.join(keyDir, '..', 'outside')],
    ['a link to a file outside', () => path.join(keyDir, 'outer-link')],
    ['a file through a linked directory', () => path.join(keyDir, 'etc', 'passwd')],
    ['/etc/shadow', () => '/etc/shadow'],
    ['a missing file', () => path.join(keyDir, 'missing')],
    ['a directory', () => path.join(keyDir, 'team')],
    ['the directory itself', () => keyDir],
    ['a FIFO', () => path.join(keyDir, 'fifo')],
    ['a relative path', () => 'team/id_deploy'],
    ['a copy of the console key', () => path.join(keyDir, 'console-copy')],
    ['a hard link to the console key', () => path.join(keyDir, 'console-link')],
  ])('refuses %s', (_what, file) => {
    expect(gate(keyDir).read(file())).toBeUndefined();
  });

  it("refuses the console's own key even when the directory is the data dir's ssh dir or above", () => {
    const own = path.join(dataDir, 'ssh', 'id_ed25519');
    expect(gate(path.join(dataDir, 'ssh')).read(own)).toBeUndefined();
    expect(gate(root).read(own)).toBeUndefined();
    expect(gate(root).read(`${own}.pub`)).toBeUndefined();
    expect(gate(root).read(path.join(keyDir, 'team', 'id_deploy'))).toBe(KEY);
  });
});
