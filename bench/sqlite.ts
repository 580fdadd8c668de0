/**
 * Node's built-in `node:sqlite` against better-sqlite3, both through Kysely on the console's own
 * schema, in WAL files with the console's pragmas: operation-log inserts, deploy-queue claims
 * (insert, claim, finish; the job repository's own queries) and list pages with a count. Prints
 * each workload's time and the ratio node:sqlite / better-sqlite3 (below 1: node:sqlite faster).
 * Needs Node 22.13 or newer.
 *
 *   npm run bench:sqlite [-- --rows 3000 --rounds 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { migrateToLatest, openSqlite, type Db } from '../server/src/db/database.js';
import type { Database } from '../server/src/db/schema.js';
import { createJobRepository } from '../server/src/infra/jobs/job.repository.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const rows = arg('rows', 3000);
const rounds = arg('rounds', 3);

/** The smallest adapter Kysely's SqliteDialect needs over node:sqlite's DatabaseSync. */
function nodeSqliteDatabase(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; ' +
      'PRAGMA busy_timeout = 5000;',
  );
  type Param = null | number | bigint | string | Uint8Array;
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = db.prepare(sql);
      return {
        reader: stmt.columns().length > 0,
        all: (params) => stmt.all(...(params as Param[])),
        run: (params) => {
          const r = stmt.run(...(params as Param[]));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params) => stmt.iterate(...(params as Param[])),
      };
    },
  };
}

const drivers: Record<string, (file: string) => Db> = {
  'better-sqlite3': (file) => openSqlite(file),
  'node:sqlite': (file) =>
    new Kysely<Database>({ dialect: new SqliteDialect({ database: nodeSqliteDatabase(file) }) }),
};

/** One insert per request, as the operation log writes them. */
async function operationLog(db: Db) {
  for (let i = 0; i < rows; i++) {
    await db
      .insertInto('operation_log')
      .values({
        user_id: 1 + (i % 5),
        namespace_id: 1 + (i % 3),
        router: '/deploy/publish',
        api: 'deploy.publish',
        request_time: Date.now(),
        request_data: JSON.stringify({ projectId: i, branch: 'main', commit: 'a1b2c3d4' }),
        response_time: Date.now(),
        response_data: '{"code":0,"message":"","data":null}',
      })
      .execute();
  }
}

/** The deploy queue's life of a job: enqueue, claim (queued → running), finish. */
async function jobQueue(db: Db) {
  const jobs = createJobRepository(db);
  const ids: number[] = [];
  for (let i = 0; i < rows; i++) {
    ids.push(
      await jobs.insert({
        kind: 'deploy',
        groupKey: `project:${i % 20}`,
        namespaceId: 1,
        token: `token-${i}`,
        payload: { projectId: i % 20, commit: 'a1b2c3d4' },
        insertTime: Date.now(),
      }),
    );
  }
  for (const id of ids) {
    await jobs.aheadOf(id);
    await jobs.transition(id, 'queued', { status: 'running', startTime: Date.now() });
    await jobs.transition(id, 'running', { status: 'succeeded', endTime: Date.now() });
  }
}

/** The list pages: 20 rows of a namespace's log, newest first, with the total. */
async function listPages(db: Db) {
  for (let i = 0; i < rows; i++) {
    const ns = 1 + (i % 3);
    await db
      .selectFrom('operation_log')
      .selectAll()
      .where('namespace_id', '=', ns)
      .orderBy('id', 'desc')
      .limit(20)
      .offset((i % 10) * 20)
      .execute();
    await db
      .selectFrom('operation_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('namespace_id', '=', ns)
      .executeTakeFirstOrThrow();
  }
}

const workloads = {
  'operation-log inserts': operationLog,
  'job claims': jobQueue,
  'list pages': listPages,
};
const totals: Record<string, Record<string, number>> = {};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-sqlite-'));
try {
  for (let round = 0; round < rounds; round++) {
    // Alternate which driver goes first, so neither always meets a warm page cache.
    const order = round % 2 === 0 ? Object.keys(drivers) : Object.keys(drivers).reverse();
    for (const name of order) {
      const db = drivers[name]!(path.join(dir, `${name.replace(':', '-')}-${round}.db`));
      await migrateToLatest(db);
      for (const [label, work] of Object.entries(workloads)) {
        const t = performance.now();
        await work(db);
        (totals[label] ??= {})[name] = (totals[label]?.[name] ?? 0) + performance.now() - t;
      }
      await db.destroy();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`Node ${process.versions.node}, ${rows} operations a workload, ${rounds} rounds`);
for (const [label, t] of Object.entries(totals)) {
  const b = t['better-sqlite3']! / rounds;
  const n = t['node:sqlite']! / rounds;
  console.log(
    `${label.padEnd(22)} better-sqlite3 ${b.toFixed(0).padStart(6)} ms  ` +
      `node:sqlite ${n.toFixed(0).padStart(6)} ms  ratio ${(n / b).toFixed(2)}`,
  );
}
