// What the tests' private servers (PostgreSQL, MariaDB, OpenLDAP) share: a free port, the wait
// until the server answers, and the kill.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1');
    server.once('error', reject);
    server.once('listening', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `[program, args]` exits 0 (a ping of the server), polled every 50 ms; rejects with
 * `failure()` when the server's process exits or cannot start first.
 */
export function readiness([program, args], child, failure) {
  return new Promise((resolve, reject) => {
    let done = false;
    const fail = () => {
      if (done) return;
      done = true;
      reject(failure());
    };
    child.once('exit', fail);
    child.once('error', fail);
    const poll = () => {
      if (done) return;
      if (spawnSync(program, args).status === 0) {
        done = true;
        child.off('exit', fail);
        child.off('error', fail);
        resolve();
      } else {
        setTimeout(poll, 50);
      }
    };
    poll();
  });
}

/** Kills a test server's process at once (nothing of it is kept) and waits until it is gone. */
export async function killNow(child) {
  const exited = new Promise((resolve) =>
    child.exitCode === null && child.signalCode === null ? child.once('exit', resolve) : resolve(),
  );
  child.kill('SIGKILL');
  await exited;
}
