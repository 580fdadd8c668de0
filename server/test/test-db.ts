import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest, openSqlite, type Db } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';

export type TestDbKind = 'sqlite' | 'pglite';

/** The database kind of this run: the integration suite runs once on each. */
export function testDbKind(): TestDbKind {
  return process.env.FERRY_TEST_DB === 'pglite' ? 'pglite' : 'sqlite';
}

export interface TestDb {
  db: Db;
  /** Ends this test's use of the database. */
  release(): Promise<void>;
}

let sharedPg: Db | undefined;

/**
 * A fresh, migrated, empty database: SQLite in memory, or PostgreSQL 17 in-process (PGlite).
 * Booting PGlite takes seconds, so one instance serves a whole test file and is emptied
 * (TRUNCATE … RESTART IDENTITY) for each test instead.
 */
export async function openTestDb(kind: TestDbKind = testDbKind()): Promise<TestDb> {
  if (kind === 'sqlite') {
    const db = openSqlite(':memory:');
    await migrateToLatest(db);
    return { db, release: () => db.destroy() };
  }
  if (!sharedPg) {
    // bigint columns hold epoch milliseconds and counts; read them as numbers, as `pg` is set to.
    const pglite = new PGlite({ parsers: { 20: (v: string) => Number(v) } });
    sharedPg = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    await migrateToLatest(sharedPg);
  } else {
    await truncateAll(sharedPg);
  }
  return { db: sharedPg, release: () => Promise.resolve() };
}

async function truncateAll(db: Db): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_%'`.execute(db);
  const names = rows.map((r) => `"${r.tablename}"`).join(', ');
  await sql.raw(`truncate table ${names} restart identity cascade`).execute(db);
}
