import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';
import { createPrivateFile } from '../core/data-dir.js';

export type Db = Kysely<Database>;

// bigint columns hold epoch milliseconds and counts: well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database: PostgreSQL for a postgres:// URL, else SQLite in `<dataDir>/ferry.db`. */
export function openDatabase(opts: { dataDir: string; dbUrl: string | undefined }): Db {
  if (opts.dbUrl) {
    const pool = new pg.Pool({ connectionString: opts.dbUrl, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(opts.dataDir, 'ferry.db');
  createPrivateFile(file);
  return openSqlite(file);
}

/** SQLite with write-ahead logging; `:memory:` for tests. */
export function openSqlite(file: string): Db {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/**
 * Runs every pending migration; throws with the failing migration's name. A migration named
 * below one already run (two branches each adding one) still runs: names order the run, they do
 * not have to arrive in order.
 */
export async function migrateToLatest(
  db: Db,
  provider: MigrationProvider = migrationProvider,
): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const where = failed ? ` in migration ${failed.migrationName}` : '';
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`database migration failed${where}: ${reason}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
