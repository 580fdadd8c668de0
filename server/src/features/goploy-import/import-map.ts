import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';

/** sha-256 of a goploy row as read (its columns in the order read), to notice a later change. */
export function rowDigest(row: object): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('hex');
}

interface Mapped {
  targetId: number;
  digest: string;
}

/** goploy ids to Ferry ids: what earlier imports carried and what this one adds. */
export class ImportMap {
  private readonly byTable = new Map<string, Map<number, Mapped>>();

  private constructor(
    private readonly db: Db,
    private readonly now: number,
  ) {}

  static async load(db: Db, now: number): Promise<ImportMap> {
    const map = new ImportMap(db, now);
    const rows = await db.selectFrom('goploy_import').selectAll().execute();
    for (const r of rows) {
      map.table(r.source_table).set(Number(r.source_id), {
        targetId: Number(r.target_id),
        digest: r.digest,
      });
    }
    return map;
  }

  get(table: string, sourceId: number): Mapped | undefined {
    return this.table(table).get(sourceId);
  }

  /** The Ferry id of a goploy row carried now or before. */
  target(table: string, sourceId: number): number | undefined {
    return this.get(table, sourceId)?.targetId;
  }

  async add(table: string, sourceId: number, targetId: number, digest: string): Promise<void> {
    this.table(table).set(sourceId, { targetId, digest });
    await this.db
      .insertInto('goploy_import')
      .values({
        source_table: table,
        source_id: sourceId,
        target_id: targetId,
        digest,
        import_time: this.now,
      })
      .execute();
  }

  private table(name: string): Map<number, Mapped> {
    let t = this.byTable.get(name);
    if (!t) {
      t = new Map();
      this.byTable.set(name, t);
    }
    return t;
  }
}
