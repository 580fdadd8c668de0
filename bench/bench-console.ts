/** The console as the benchmarks run it: a fresh SQLite data dir, seeded, on a free port. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppDeps } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { systemClock } from '../server/src/core/clock.js';
import { createSecretBox } from '../server/src/core/crypto.js';
import { migrateToLatest, openSqlite, type Db } from '../server/src/db/database.js';
import { seed } from '../server/src/db/seed.js';

/** The password of the seeded `admin`. */
export const BENCH_PASSWORD = 'Bench123!';

export interface BenchConsole {
  app: App;
  /** The console's database (`<dir>/ferry.db`). */
  db: Db;
  /** The data dir. */
  dir: string;
  /** `127.0.0.1:<port>` */
  host: string;
  /** Stops the console (its engines settle); the database stays open until `close`. */
  stop(): Promise<void>;
  /** Stops the console, closes the database and removes the data dir. */
  close(): Promise<void>;
}

export async function startBenchConsole(
  name: string,
  opts: {
    webRoot?: string;
    logLevel?: string;
    /** More of the app's dependencies (e.g. the monitor engine's options). */
    deps?: Pick<AppDeps, 'monitorEngine' | 'metricsPull'>;
  } = {},
): Promise<BenchConsole> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ferry-bench-${name}-`));
  const db = openSqlite(path.join(dir, 'ferry.db'));
  await migrateToLatest(db);
  await seed(db, { adminPassword: BENCH_PASSWORD, now: Date.now() });
  const app = await buildApp({
    config: loadConfig({
      FERRY_DATA_DIR: dir,
      ...(opts.logLevel ? { FERRY_LOG_LEVEL: opts.logLevel } : {}),
    }),
    db,
    box: createSecretBox(Buffer.alloc(32, 1)),
    clock: systemClock,
    webRoot: opts.webRoot,
    ...opts.deps,
  });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.fastify.server.address() as { port: number };
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= app.fastify.close());
  return {
    app,
    db,
    dir,
    host: `127.0.0.1:${port}`,
    stop,
    async close() {
      await stop();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The admin's session on a bench console and a caller of its API in namespace 1. */
export interface AdminCaller {
  token: string;
  /** Answers the data of a code-0 answer; throws with the code and message otherwise. */
  call: <T>(method: string, url: string, body?: unknown) => Promise<T>;
}

/** Logs the seeded admin in over HTTP, as a browser does. */
export async function adminCaller(bench: BenchConsole): Promise<AdminCaller> {
  let token = '';
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`http://${bench.host}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'g-n-id': '1',
        cookie: `goploy_token=${token}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const env = (await res.json()) as { code: number; message: string; data: T };
    if (env.code !== 0) throw new Error(`${url}: ${env.code} ${env.message}`);
    return env.data;
  };
  const session = await call<{ token: string }>('POST', '/user/login', {
    account: 'admin',
    password: BENCH_PASSWORD,
  });
  token = session.token;
  return { token, call };
}
