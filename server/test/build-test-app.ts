import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@ferry/contract';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { manualClock } from '../src/core/clock.js';
import { createSecretBox } from '../src/core/crypto.js';
import { loadConsoleKey } from '../src/infra/ssh/console-key.js';
import type { Db } from '../src/db/database.js';
import { seed } from '../src/db/seed.js';
import { openTestDb } from './test-db.js';

export const ADMIN_PASSWORD = 'Admin123!';

export interface TestApp extends App {
  db: Db;
  config: Config;
  clock: ReturnType<typeof manualClock>;
  /** This app's own temporary data directory (console key, recordings); removed by `close()`. */
  dataDir: string;
  /** Calls the API as goploy clients do and returns the parsed envelope. */
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts?: CallOptions,
  ): Promise<Envelope<T> & { res: LightMyRequestResponse }>;
  /** Logs in and returns the session token. */
  login(account: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  apiKey?: string;
  ns?: number;
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
}

/**
 * The console on a fresh database (SQLite, or PostgreSQL per FERRY_TEST_DB), seeded with admin; or,
 * given `sharing`, a second console on that console's database and clock (two consoles on one
 * database, or one started again after a restart). The first console's `close()` ends the
 * database, so close the second first. The metrics pull engine does not run by itself unless
 * `metricsPull` says so: tests collect with `collectDue`.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  extra: Pick<
    AppDeps,
    | 'captchaRender'
    | 'sshConnectTimeoutMs'
    | 'notifyRetryDelaysMs'
    | 'logger'
    | 'monitorChecks'
    | 'monitorScripts'
    | 'monitorEngine'
    | 'metricsPull'
    | 'metricsCollector'
    | 'ruleEngine'
    | 'cronEngine'
    | 'ftpTrustedCa'
  > = {},
  sharing?: TestApp,
): Promise<TestApp> {
  const testDb = sharing
    ? { db: sharing.db, release: () => Promise.resolve() }
    : await openTestDb();
  const db = testDb.db;
  const clock = sharing?.clock ?? manualClock(Date.now());
  if (!sharing) await seed(db, { adminPassword: ADMIN_PASSWORD, now: clock.now() });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-test-data-'));
  const config = loadConfig({
    FERRY_DATA_DIR: dataDir,
    FERRY_LOGIN_RATE_PER_MINUTE: '100000',
    FERRY_DEPLOY_SHUTDOWN_GRACE_SECONDS: '0',
    ...env,
  });
  const box = createSecretBox(Buffer.alloc(32, 7));
  const consoleKey = loadConsoleKey(dataDir);
  // Metrics are collected when a test asks (`collectDue`), not from every server a test adds.
  const metricsPull = { manual: true, ...extra.metricsPull };
  // Cron run records are read when a test asks (`readDueCronRuns`) or a route reads them.
  const cronEngine = { manual: true, ...extra.cronEngine };
  const app = await buildApp({
    config,
    db,
    box,
    clock,
    consoleKey,
    ...extra,
    metricsPull,
    cronEngine,
  });
  await app.fastify.ready();

  const call: TestApp['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.cookie = `goploy_token=${opts.token}`;
    if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
    if (opts.ns !== undefined) headers['g-n-id'] = String(opts.ns);
    const res = await app.fastify.inject({
      method,
      url: path,
      headers,
      ...(opts.query
        ? { query: Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) }
        : {}),
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    return { ...res.json<Envelope<never>>(), res };
  };

  return {
    ...app,
    db,
    config,
    clock,
    dataDir,
    call,
    async login(account, password) {
      const r = await call<{ token: string }>('POST', '/user/login', {
        body: { account, password },
      });
      if (r.code !== 0) throw new Error(`login ${account} failed: ${r.code} ${r.message}`);
      return r.data.token;
    },
    async close() {
      await app.fastify.close();
      await testDb.release();
      // A write the closed console had under way (a log line, a recording) may still land while
      // the tree is removed (ENOTEMPTY): Node retries then.
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
