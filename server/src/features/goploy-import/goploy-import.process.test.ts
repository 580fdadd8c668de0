import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestMariadb } from '../../../../scripts/mariadb-server.mjs';
import { repoRoot } from '../../../test/console-process.js';
import { sharedMariadb, uniqueDatabaseName } from '../../../test/shared-mariadb.js';
import {
  createGoployDatabase,
  seedGoploy,
  type GoployFixture,
} from '../../../test/goploy-fixture.js';
import { runImportCommand } from './goploy-import.module.js';

/** `npm run import:goploy` as its users run it: the command, its output and its exit code. */
function importCommand(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/src/import-goploy.ts', ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('npm run import:goploy', { timeout: 120_000 }, () => {
  let maria: TestMariadb;
  let fx: GoployFixture;
  let goployUrl: string;
  let home: string;

  beforeAll(async () => {
    maria = await sharedMariadb();
    goployUrl = await createGoployDatabase(maria.url, uniqueDatabaseName('goploy_cli'));
    fx = await seedGoploy(goployUrl);
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-import-'));
  }, 120_000);
  afterAll(async () => {
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  const withoutPassword = (url: string) => url.replace(`:${maria.password}@`, '@');

  it('dry-runs on a console never started without making its data dir, and prints no secret', async () => {
    const dataDir = path.join(home, 'never-started');
    const r = await importCommand(['--from', withoutPassword(goployUrl), '--dry-run'], {
      FERRY_DATA_DIR: dataDir,
      FERRY_IMPORT_MYSQL_PASSWORD: maria.password,
    });
    expect(r.out).toContain('Dry run: nothing was written.');
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/project\s+8\s+8/);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(r.out).not.toContain(maria.password);
    const secrets = [fx.servers.jump.password, fx.servers.jump.jumpPassword, fx.users.alice.apiKey];
    for (const s of secrets) expect(r.out).not.toContain(s);
  });

  it('imports and writes the report file, readable by its owner alone', async () => {
    const dataDir = path.join(home, 'console');
    const report = path.join(home, 'report.json');
    const r = await importCommand(['--from', goployUrl, '--report', report], {
      FERRY_DATA_DIR: dataDir,
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('Imported: start the console');
    const text = fs.readFileSync(report, 'utf8');
    expect((JSON.parse(text) as { written: boolean }).written).toBe(true);
    expect(text).not.toContain(maria.password);
    expect(fs.statSync(report).mode & 0o777).toBe(0o600);
  });

  /** The command in this process: its exit code and what it printed. */
  async function inProcess(args: string[], dataDir: string) {
    const printed: string[] = [];
    const keep = (...a: unknown[]) => void printed.push(a.map(String).join(' '));
    const log = vi.spyOn(console, 'log').mockImplementation(keep);
    const error = vi.spyOn(console, 'error').mockImplementation(keep);
    try {
      const code = await runImportCommand(args, { FERRY_DATA_DIR: dataDir });
      return { code, out: printed.join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }

  it('refuses while a console holds the data dir, and says why it cannot read goploy', async () => {
    const held = path.join(home, 'held');
    fs.mkdirSync(held);
    fs.writeFileSync(
      path.join(held, 'console.lock'),
      JSON.stringify({ pid: process.pid, host: os.hostname(), started: Date.now() }),
    );
    const taken = await inProcess(['--from', goployUrl], held);
    expect(taken.code).toBe(2);
    expect(taken.out).toMatch(/Stop the console before importing/);

    const dir = path.join(home, 'refusals');
    const wrongUrl = goployUrl.replace(`:${maria.password}@`, ':wrong-pw@');
    const wrong = await inProcess(['--from', wrongUrl], dir);
    expect(wrong).toMatchObject({
      code: 1,
      out: expect.stringMatching(/refused the user "ferry_test": wrong user or password/),
    });
    const closed = await inProcess(['--from', 'mysql://goploy:pw@127.0.0.1:9/goploy'], dir);
    expect(closed).toMatchObject({
      code: 1,
      out: expect.stringMatching(/cannot reach the MySQL server at 127\.0\.0\.1:9/),
    });
    const other = await inProcess(['--from', 'postgres://x@y/z'], dir);
    expect(other).toMatchObject({
      code: 1,
      out: expect.stringMatching(/--from must be an address like mysql:\/\//),
    });
    const unknown = await inProcess(['--with-metrics', '--from', goployUrl], dir);
    expect(unknown).toMatchObject({ code: 2, out: expect.stringMatching(/with-metrics/) });
    expect(await inProcess(['--help'], dir)).toMatchObject({
      code: 0,
      out: expect.stringMatching(/--with-logs\s+also carry goploy's logs/),
    });
    const noAssets = await inProcess(['--from', goployUrl, '--asset-dir', `${dir}-none`], dir);
    expect(noAssets).toMatchObject({ code: 2, out: expect.stringMatching(/is not a directory/) });
    for (const r of [wrong, closed]) expect(r.out).not.toContain('wrong-pw');
    expect(fs.existsSync(path.join(dir, 'ferry.db'))).toBe(false);
  });
});
