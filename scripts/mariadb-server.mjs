// A private MariaDB server for tests that read a goploy database: `mariadb-install-db` in a
// temporary dir (on tmpfs when there is room), a free port on 127.0.0.1, settings for tests only
// (no flushing at commit, no binary log, no name lookups), stopped and removed when the test is
// done, also when it fails or its process dies. Run as root, it runs as the `mysql` user (mariadbd
// refuses root). The tests connect over TCP as a user of their own with a random password, as the
// importer will.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, killNow, readiness } from './test-server.mjs';

const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = '/usr/bin/mariadb-install-db';
const CLIENT = '/usr/bin/mariadb';
const ADMIN = '/usr/bin/mariadb-admin';

/** Whether Debian's MariaDB server and client (packages mariadb-server, mariadb-client) are here. */
export function mariadbInstalled() {
  return [MARIADBD, INSTALL_DB, CLIENT, ADMIN].every((p) => fs.existsSync(p));
}

const isRoot = () => process.getuid?.() === 0;

const PREFIX = 'ferry-test-mariadb-';

/**
 * Where the servers' dirs go: tmpfs when it has room (the installer syncs its files about a
 * thousand times, which costs 1-2 s on a disk and nothing in memory; a data dir takes ~120 MB),
 * else the temporary dir.
 */
function baseDirs() {
  const bases = [os.tmpdir()];
  try {
    const shm = fs.statfsSync('/dev/shm');
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    if (shm.bavail * shm.bsize >= 2 * 1024 ** 3) bases.unshift('/dev/shm');
  } catch {
    // No tmpfs here: the temporary dir it is.
  }
  return bases;
}

function removeDir(dir) {
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // Gone, or going: nothing of it is needed.
  }
}

/**
 * Removes the dirs of earlier servers whose process is gone: a test process that is killed runs
 * no exit handler, and its server dies with it (see asOwner) but leaves its dir. A dir without a
 * pid file belongs to a server still being installed, and stays.
 */
function removeDeadServersDirs(bases) {
  for (const base of bases) {
    for (const name of fs.readdirSync(base).filter((n) => n.startsWith(PREFIX))) {
      const dir = path.join(base, name);
      try {
        const pid = Number(fs.readFileSync(path.join(dir, 'mariadbd.pid'), 'utf8'));
        process.kill(pid, 0);
      } catch (err) {
        // Another process may be removing it too: whichever is second finds less to remove.
        if (err.code === 'ESRCH') removeDir(dir);
      }
    }
  }
}

/**
 * Runs the server as the `mysql` user when this process is root, else as itself; either way
 * through setpriv's parent-death signal, so a test process that is killed (where no exit handler
 * runs) takes its server with it instead of leaving it running.
 */
function asOwner(program, args) {
  const owner = isRoot() ? ['--reuid=mysql', '--regid=mysql', '--init-groups'] : [];
  return ['setpriv', [...owner, '--pdeathsig', 'KILL', program, ...args]];
}

/** Settings for a throwaway server: given to the installer too, which passes them on. */
const TEST_SETTINGS = [
  '--skip-log-bin',
  '--skip-name-resolve',
  // Nothing is flushed at commit nor written twice: a crash loses a test's rows, nothing more.
  '--innodb-flush-log-at-trx-commit=0',
  '--innodb-doublewrite=0',
  '--innodb-buffer-pool-size=32M',
  '--innodb-log-file-size=16M',
  // Kernel AIO contexts are a per-machine limit that parallel servers can use up; plain threads
  // cannot run out.
  '--innodb-use-native-aio=0',
  '--character-set-server=utf8mb4',
  '--collation-server=utf8mb4_general_ci',
  // CURRENT_TIMESTAMP defaults (goploy's insert_time) in UTC, like the rows the fixtures write.
  '--default-time-zone=+00:00',
];

function logOf(logFile) {
  return fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '(no server log)';
}

/**
 * Starts the server; answers the URL of a TCP user with every privilege
 * (`mysql://ferry_test:PASSWORD@127.0.0.1:PORT/`), its parts, and `stop()`, which ends the server
 * and removes its dir. Stops by itself when this process exits.
 */
export async function startMariadb() {
  if (!mariadbInstalled()) {
    throw new Error('MariaDB is not installed (Debian packages mariadb-server, mariadb-client)');
  }
  const bases = baseDirs();
  removeDeadServersDirs(bases);
  const dir = fs.mkdtempSync(path.join(bases[0], PREFIX));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'my.sock');
  const logFile = path.join(dir, 'server.log');
  if (isRoot()) spawnSync('chown', ['mysql:mysql', dir]);
  const init = spawnSync(
    INSTALL_DB,
    [
      '--no-defaults',
      `--datadir=${data}`,
      ...(isRoot() ? ['--user=mysql'] : []),
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...TEST_SETTINGS,
    ],
    { encoding: 'utf8' },
  );
  if (init.status !== 0) {
    removeDir(dir);
    throw new Error(`mariadb-install-db failed:\n${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const [program, args] = asOwner(MARIADBD, [
    '--no-defaults',
    `--datadir=${data}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${socket}`,
    `--pid-file=${path.join(dir, 'mariadbd.pid')}`,
    ...TEST_SETTINGS,
  ]);
  const log = fs.openSync(logFile, 'a');
  if (isRoot()) spawnSync('chown', ['mysql:mysql', logFile]);
  const child = spawn(program, args, { stdio: ['ignore', log, log] });
  fs.closeSync(log);

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    // Nothing of a test server is kept, so there is nothing to shut down cleanly.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    removeDir(dir);
  };
  process.once('exit', stopSync);
  const user = 'ferry_test';
  const password = crypto.randomBytes(12).toString('hex');
  try {
    // `ping` answers 0 as soon as the server accepts connections.
    const ping = [ADMIN, ['--no-defaults', '-S', socket, '-u', 'root', '--silent', 'ping']];
    await readiness(ping, child, () => new Error(`MariaDB did not start:\n${logOf(logFile)}`));
    // root has no password over the socket (`normal` authentication); the tests get a TCP user.
    // The statements go in on stdin, which keeps the password out of the process list.
    const grant = spawnSync(CLIENT, ['--no-defaults', '-S', socket, '-u', 'root'], {
      input:
        `CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${password}';\n` +
        `GRANT ALL PRIVILEGES ON *.* TO '${user}'@'127.0.0.1' WITH GRANT OPTION;\n`,
      encoding: 'utf8',
    });
    if (grant.status !== 0) {
      throw new Error(
        `MariaDB refused the test user:\n${grant.stderr || grant.stdout}\n${logOf(logFile)}`,
      );
    }
  } catch (err) {
    stopSync();
    process.off('exit', stopSync);
    throw err;
  }
  return {
    url: `mysql://${user}:${password}@127.0.0.1:${port}/`,
    port,
    user,
    password,
    async stop() {
      if (stopped) return;
      await killNow(child);
      stopSync();
      process.off('exit', stopSync);
    },
  };
}
