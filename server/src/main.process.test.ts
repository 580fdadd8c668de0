import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { exitCode, repoRoot, startConsole } from '../test/console-process.js';

const root = repoRoot;
const start = startConsole;

// Each test starts real console processes: seconds each on a busy machine.
describe('the console process', { timeout: 30_000 }, () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-main-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const c of children) c.kill('SIGKILL');
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  // Two starts of the console from its sources (tsx) take seconds each on a busy machine.
  it('seeds once with a generated admin password, migrates forward later, and stops on SIGTERM', async () => {
    const dataDir = tmp();
    const first = await start({ FERRY_DATA_DIR: dataDir });
    children.push(first.child);
    const file = path.join(dataDir, 'initial-admin-password');
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(first.output()).toContain(password);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    const login = await fetch(`${first.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password }),
    });
    expect(((await login.json()) as { code: number }).code).toBe(10004);
    first.child.kill('SIGTERM');
    expect(await exitCode(first.child)).toBe(0);

    const second = await start({ FERRY_DATA_DIR: dataDir, FERRY_ADMIN_PASSWORD: 'Other123!' });
    children.push(second.child);
    expect(second.output()).not.toContain('password:');
    const again = await fetch(`${second.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password }),
    });
    expect(((await again.json()) as { code: number }).code).toBe(10004);
    second.child.kill('SIGTERM');
    expect(await exitCode(second.child)).toBe(0);
  }, 30_000);

  it('answers health checks, refuses a second console on its data dir and a schema newer than its code', async () => {
    const dataDir = tmp();
    const env = { FERRY_DATA_DIR: dataDir, FERRY_ADMIN_PASSWORD: 'Admin123!' };
    const first = await start(env);
    children.push(first.child);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${first.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { data: { ready: boolean } }).data.ready).toBe(true);

    // Two writers on one SQLite file would corrupt it: the second is refused, naming the first.
    const refused = await start(env).then(
      () => 'started',
      (err: unknown) => String(err),
    );
    expect(refused).toContain('exited 1');
    expect(refused).toContain(`Another console already runs on the data directory ${dataDir}`);
    expect(refused).toContain(`process ${first.child.pid}`);

    first.child.kill('SIGTERM');
    expect(await exitCode(first.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'console.lock'))).toBe(false);

    // A newer version migrated the database: this older code refuses to start on it.
    const db = new Database(path.join(dataDir, 'ferry.db'));
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
      '9999-from-a-newer-version',
      new Date().toISOString(),
    );
    db.close();
    const older = await start(env).then(
      () => 'started',
      (err: unknown) => String(err),
    );
    expect(older).toContain('exited 1');
    expect(older).toContain('migrated by a newer Ferry (migration 9999-from-a-newer-version)');
  });

  it('keeps the data dir 0700 and its files 0600, fixing what an older start left open', async () => {
    const dataDir = path.join(tmp(), 'data');
    const modeOf = (name: string) => fs.statSync(path.join(dataDir, name)).mode & 0o777;
    const PRIVATE_FILES = [
      'ferry.db',
      'ferry.db-wal',
      'ferry.db-shm',
      'secret.key',
      'ssh/id_ed25519',
      'ssh/id_ed25519.pub',
    ];
    const expectPrivate = () => {
      for (const dir of ['.', 'ssh']) expect([dir, modeOf(dir)]).toEqual([dir, 0o700]);
      for (const file of PRIVATE_FILES) expect([file, modeOf(file)]).toEqual([file, 0o600]);
    };
    const first = await start({ FERRY_DATA_DIR: dataDir, FERRY_ADMIN_PASSWORD: 'Admin123!' });
    children.push(first.child);
    expectPrivate();
    // As an older start left them: open to every user of the host.
    for (const dir of ['.', 'ssh']) fs.chmodSync(path.join(dataDir, dir), 0o755);
    for (const file of PRIVATE_FILES) fs.chmodSync(path.join(dataDir, file), 0o644);
    for (const dir of ['terminal-log', 'deploy-log']) fs.mkdirSync(path.join(dataDir, dir), 0o755);
    first.child.kill('SIGTERM');
    expect(await exitCode(first.child)).toBe(0);
    fs.writeFileSync(path.join(dataDir, 'ferry.db-wal'), '', { mode: 0o644 });

    const second = await start({ FERRY_DATA_DIR: dataDir, FERRY_ADMIN_PASSWORD: 'Admin123!' });
    children.push(second.child);
    expectPrivate();
    for (const dir of ['terminal-log', 'deploy-log'])
      expect([dir, modeOf(dir)]).toEqual([dir, 0o700]);
    second.child.kill('SIGTERM');
    expect(await exitCode(second.child)).toBe(0);
  }, 60_000);

  it('stops with a message naming each bad setting', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, FERRY_DATA_DIR: tmp(), FERRY_PORT: '70000', FERRY_CAPTCHA: 'maybe' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await exitCode(child)).toBe(1);
    expect(err).toContain('FERRY_PORT must be an integer from 0 to 65535');
    expect(err).toContain('FERRY_CAPTCHA must be true or false');
  });

  it('refuses a configured admin password that breaks the rule', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, FERRY_DATA_DIR: tmp(), FERRY_ADMIN_PASSWORD: 'short' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await exitCode(child)).toBe(1);
    expect(err).toContain('FERRY_ADMIN_PASSWORD must be 8 to 16 characters');
  });
});
