import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlite, type Db } from '../database.js';
import { migrationProvider } from './index.js';

/** A migration that makes table `name`. */
const makes = (name: string): Migration => ({
  up: async (db: Kysely<unknown>) => {
    await db.schema.createTable(name).addColumn('id', 'integer').execute();
  },
});

const withExtra = async (extra: Record<string, Migration>): Promise<MigrationProvider> => {
  const all = await migrationProvider.getMigrations();
  return { getMigrations: () => Promise.resolve({ ...all, ...extra }) };
};

describe('migrations', () => {
  let db: Db | undefined;
  afterEach(() => db?.destroy());

  it('runs a migration named below one already run, as a branch merged later brings it', async () => {
    db = openSqlite(':memory:');
    await migrateToLatest(db, await withExtra({ '9002-later': makes('later_table') }));

    const ran = await migrateToLatest(
      db,
      await withExtra({
        '9001-earlier': makes('earlier_table'),
        '9002-later': makes('later_table'),
      }),
    );

    expect(ran).toEqual(['9001-earlier']);
    await sql`select id from earlier_table`.execute(db);
  });
});
