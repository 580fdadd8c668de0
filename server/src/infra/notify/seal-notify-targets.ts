import { isSealed, type SecretBox } from '../../core/crypto.js';
import type { Db } from '../../db/database.js';

/** The tables whose `notify_target` is sealed (decision 0039). */
export const NOTIFY_TARGET_TABLES = ['project', 'monitor', 'server_warning_rule', 'cron'] as const;

/**
 * SECURITY: seals every notification address still stored plain: a database from before
 * decision 0039, or one imported from goploy. Migrations cannot do it (they have no key), so the
 * console does it at each start, before it serves. A sealed value is told by its form and left
 * alone, so a second run changes nothing; each row is sealed only if it still holds the plain
 * value read, so two consoles starting on one database do not seal twice. Answers how many.
 */
export async function sealPlainNotifyTargets(db: Db, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (const table of NOTIFY_TARGET_TABLES) {
    // One table at a time through a narrowed view: the four share these columns.
    const t = table as 'project';
    const rows = await db
      .selectFrom(t)
      .select(['id', 'notify_target'])
      .where('notify_target', '!=', '')
      .execute();
    for (const r of rows) {
      if (isSealed(r.notify_target)) continue;
      const done = await db
        .updateTable(t)
        .set({ notify_target: box.seal(r.notify_target) })
        .where('id', '=', r.id)
        .where('notify_target', '=', r.notify_target)
        .executeTakeFirst();
      sealed += Number(done.numUpdatedRows);
    }
  }
  return sealed;
}
