import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/postgres-server.mjs';
import { migrateToLatest } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import { databaseUrl } from './database-url.js';

/**
 * The PostgreSQL project's global set-up: the server named by FERRY_TEST_PG (`npm test` starts
 * one for the run), or a private one started here; one template database migrated once. Each
 * test file makes its own database from it (`test-db.ts`); the teardown drops them all.
 */
export default async function setup(project: TestProject) {
  const own = process.env.FERRY_TEST_PG ? undefined : await startPostgres();
  const url = process.env.FERRY_TEST_PG ?? own!.url;
  const template = `ferry_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: databaseUrl(url, template), max: 1 }),
    }),
  });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('pgUrl', url);
  project.provide('pgTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${template}%`],
    );
    // The names are this set-up's own: the prefix and a file's number, no quoting needed.
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
    await own?.stop();
  };
}
