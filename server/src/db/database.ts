import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type MigrationProvider,
} from 'kysely';
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
  const known = Object.keys(await provider.getMigrations());
  const newer = (await appliedMigrations(db))?.filter((name) => !known.includes(name)) ?? [];
  if (newer.length > 0) {
    throw new Error(
      `the database was migrated by a newer Ferry (migration ${newer.join(', ')}); this ` +
        "console's code is older than the schema. Start the newer version, or restore a " +
        'backup taken before the upgrade.',
    );
  }
  // Several consoles starting at once: Kysely's migrator runs under a lock of the database (an
  // advisory lock on PostgreSQL), so the migrations run once and the others find them done.
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

/** The names of the migrations run on the database; undefined before the first. */
export async function appliedMigrations(db: Db): Promise<string[] | undefined> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return rows.map((r) => r.name);
  } catch (err) {
    if (/kysely_migration/.test(String(err))) return undefined; // no such table yet
    throw err;
  }
}

export type SchemaState = 'current' | 'behind' | 'ahead';

/** How the database's schema compares with this code's migrations. */
export async function schemaState(
  db: Db,
  provider: MigrationProvider = migrationProvider,
): Promise<SchemaState> {
  const known = Object.keys(await provider.getMigrations());
  const applied = (await appliedMigrations(db)) ?? [];
  if (applied.some((name) => !known.includes(name))) return 'ahead';
  return known.every((name) => applied.includes(name)) ? 'current' : 'behind';
}
