import { createSecretBox } from '../src/core/crypto.js';
import { importGoploy, type ImportOptions } from '../src/features/goploy-import/goploy-import.js';
import {
  openGoploySource,
  parseSourceAddress,
} from '../src/features/goploy-import/goploy-source.js';
import type { ImportReport } from '../src/features/goploy-import/import-report.js';
import { createKeyFiles } from '../src/infra/ssh/key-files.js';
import type { Database } from '../src/db/schema.js';
import type { TestApp } from './build-test-app.js';

/** The key of buildTestApp's console: what the import seals, the console opens. */
export const testBox = createSecretBox(Buffer.alloc(32, 7));

/** Runs the import of `goployUrl` into the test console's database, as the command does. */
export async function runImport(
  t: TestApp,
  goployUrl: string,
  opts: { dryRun?: boolean } & Partial<ImportOptions> = {},
): Promise<ImportReport> {
  const source = await openGoploySource(parseSourceAddress(goployUrl));
  try {
    return await importGoploy({
      db: t.db,
      box: testBox,
      keyFiles: createKeyFiles({
        dir: undefined,
        consoleKeyDir: t.dataDir,
        consoleKey: () => ({ privateKey: '' }),
      }),
      dataDir: t.dataDir,
      source,
      target: 'the test console',
      now: t.clock.now(),
      ...opts,
      dryRun: opts.dryRun ?? false,
    });
  } finally {
    await source.close();
  }
}

/** What the report says of one goploy table. */
export const counted = (r: ImportReport, table: string) => r.tables.find((x) => x.table === table);

/** The row count of each of `tables` in the test console's database. */
export async function tableCounts(
  t: TestApp,
  tables: readonly (keyof Database)[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
