// A private PostgreSQL server for a test run: `initdb` in a temporary dir, a free port on
// 127.0.0.1, settings for tests only (no fsync), stopped and removed when the run ends, also when
// it fails or is interrupted. Run as root, it runs as the `postgres` user (initdb refuses root).
// See docs/decisions/0040-test-engines.md.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, readiness } from './test-server.mjs';

/** The folder of Debian's newest PostgreSQL server programs, or undefined. */
export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], 'bin');
}

/** Runs a program as the `postgres` user when this process is root, else as itself. */
function asOwner(program, args) {
  if (process.getuid?.() !== 0) return [program, args];
  return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', program, ...args]];
}

/**
 * Starts the server; answers its superuser URL (`postgres://postgres@127.0.0.1:PORT/postgres`)
 * and `stop()`, which ends it and removes its dir. Stops by itself when this process exits.
 */
export async function startPostgres() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (Debian package postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-test-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dir]);
  const [initProgram, initArgs] = asOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const init = spawnSync(initProgram, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const [program, args] = asOwner(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ]);
  const log = fs.openSync(logFile, 'a');
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', logFile]);
  const child = spawn(program, args, { stdio: ['ignore', log, log] });
  fs.closeSync(log);

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, nothing is flushed.
    if (child.exitCode === null) child.kill('SIGINT');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);
  try {
    const ping = [path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]];
    await readiness(
      ping,
      child,
      () => new Error(`PostgreSQL did not start:\n${fs.readFileSync(logFile, 'utf8')}`),
    );
  } catch (err) {
    stopSync();
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      const exited = new Promise((resolve) =>
        child.exitCode === null ? child.once('exit', resolve) : resolve(),
      );
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
      stopSync();
      process.off('exit', stopSync);
    },
  };
}
