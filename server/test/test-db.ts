import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openSqlite, type Db } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import { databaseUrl } from './database-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server's superuser URL (its `postgres` database). */
    pgUrl: string;
    /** The migrated database each test file's database is made from, and their names' prefix. */
    pgTemplate: string;
  }
}

export type TestDbKind = 'sqlite' | 'postgres';

/** The database kind of this run: the server-postgres project sets FERRY_TEST_DB. */
export function testDbKind(): TestDbKind {
  return process.env.FERRY_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDb {
  db: Db;
  /** Ends this test's use of the database. */
  release(): Promise<void>;
}

let filePg: Db | undefined;
let files = 0;

/**
 * A fresh, migrated, empty database: SQLite in memory, or this test file's own PostgreSQL
 * database, made from the migrated template on the run's server (`postgres-setup.ts`) the first
 * time and emptied (TRUNCATE … RESTART IDENTITY) for each later test of the file.
 */
export async function openTestDb(kind: TestDbKind = testDbKind()): Promise<TestDb> {
  if (kind === 'sqlite') {
    const db = openSqlite(':memory:');
    await migrateToLatest(db);
    return { db, release: () => db.destroy() };
  }
  if (!filePg) {
    filePg = await createFileDatabase();
  } else {
    await truncateAll(filePg);
  }
  return { db: filePg, release: () => Promise.resolve() };
}

/**
 * Called before each test file (the PostgreSQL project's set-up file): a worker runs file after
 * file in one module graph, and each file gets a database of its own, so that nothing a previous
 * file left running writes into the next one's rows. The previous file's pool closes its idle
 * connections by itself.
 */
export function startTestFile(): void {
  filePg = undefined;
}

async function createFileDatabase(): Promise<Db> {
  const url = inject('pgUrl');
  const template = inject('pgTemplate');
  // The worker's pid tells files apart across workers; the counter within one worker.
  const name = `${template}_${process.pid}_${++files}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl(url, name),
    max: 10,
    // The file's pool is never closed by a test: idle connections must not keep its worker up.
    idleTimeoutMillis: 1_000,
    allowExitOnIdle: true,
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

async function truncateAll(db: Db): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_%'`.execute(db);
  const names = rows.map((r) => `"${r.tablename}"`).join(', ');
  await sql.raw(`truncate table ${names} restart identity cascade`).execute(db);
}

/**
 * A migrated PostgreSQL database of this file alone, made from the template, with its URL (for
 * what opens its own connections, such as the cluster bus). Dropped with the run's others.
 */
export async function openNamedPgDatabase(suffix: string): Promise<{ url: string; db: Db }> {
  const name = `${inject('pgTemplate')}_${suffix}_${process.pid}_${++files}`;
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(inject('pgUrl'), name);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  return { url, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) };
}
