import crypto from 'node:crypto';
import { startMariadb, type TestMariadb } from '../../scripts/mariadb-server.mjs';

let started: Promise<TestMariadb> | undefined;

/**
 * One MariaDB server per test worker, started by the first file that asks (2-3 s) and shared by
 * the next ones of that worker (the server projects share a worker's modules: decision 0042); it
 * stops when the worker exits. Each file makes databases of its own: `uniqueDatabaseName`.
 */
export function sharedMariadb(): Promise<TestMariadb> {
  started ??= startMariadb();
  return started;
}

/** A database name no other file of the run uses: `<prefix>_<random>`. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
}
