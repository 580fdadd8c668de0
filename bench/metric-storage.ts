/**
 * Bytes per stored metric row, measured: inserts realistic raw samples (25 items a sample, a
 * sample a minute, servers interleaved as collection writes them) and then as many roll-up rows
 * into a SQLite file and a PGlite (PostgreSQL) directory on the console's own schema, and divides
 * each table's growth, indexes included, by its rows. Prints the size of 100 servers over a year
 * with the default retentions (docs/decisions/0032-metrics-storage.md).
 *
 *   npx tsx bench/metric-storage.ts [-- --rows 100000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest, openSqlite, type Db } from '../server/src/db/database.js';
import type { Database } from '../server/src/db/schema.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const rows = arg('rows', 100_000);
const SERVERS = 100;

/** A server's 25 items, with their type and a plausible value. */
const ITEMS: Array<[string, number, () => number]> = [
  ['cpu_usage', 1, () => pct()],
  ['ram_usage', 2, () => pct()],
  ['loadavg_1m', 3, () => round(Math.random() * 4)],
  ['loadavg_5m', 3, () => round(Math.random() * 4)],
  ['loadavg_15m', 3, () => round(Math.random() * 4)],
  ['tcp.total', 4, () => Math.floor(Math.random() * 500)],
  ['tcp.established', 4, () => Math.floor(Math.random() * 200)],
  ...['eth0', 'eth1', 'docker0'].flatMap((i) =>
    ['in', 'out'].map((d): [string, number, () => number] => [`${i}.${d}`, 5, bytes]),
  ),
  ['lo.in', 6, bytes],
  ['lo.out', 6, bytes],
  ...['sda1', 'sdb1', 'dm-0'].flatMap((d) =>
    ['usage', 'inode_usage'].map((k): [string, number, () => number] => [`${d}.${k}`, 7, pct]),
  ),
  ...['sda', 'sdb'].flatMap((d) =>
    ['read_iops', 'write_iops'].map((k): [string, number, () => number] => [`${d}.${k}`, 8, iops]),
  ),
];
function round(v: number) {
  return Math.round(v * 100) / 100;
}
function pct() {
  return round(Math.random() * 100);
}
function bytes() {
  return Math.floor(Math.random() * 5_000_000);
}
function iops() {
  return round(Math.random() * 300);
}

const START = Date.UTC(2026, 0, 1);

/** Raw rows in the order collection writes them: minute by minute, server by server. */
async function insertRaw(db: Db) {
  const samples = Math.ceil(rows / ITEMS.length);
  for (let s = 0; s < samples; s += SERVERS) {
    const minute = s / SERVERS;
    const values = [];
    for (let server = 1; server <= Math.min(SERVERS, samples - s); server += 1) {
      for (const [item, type, value] of ITEMS) {
        values.push({
          server_id: server,
          item,
          time: START + minute * 60_000,
          type,
          value: value(),
        });
      }
    }
    await db.insertInto('server_metric').values(values).execute();
  }
  return samples * ITEMS.length;
}

/** As many roll-up rows, half of 5 minutes and half of an hour, bucket by bucket. */
async function insertRollups(db: Db) {
  const buckets = Math.ceil(rows / ITEMS.length / SERVERS / 2);
  let n = 0;
  for (const span of [300, 3600]) {
    for (let b = 0; b < buckets; b += 1) {
      const values = [];
      for (let server = 1; server <= SERVERS; server += 1) {
        for (const [item, type, value] of ITEMS) {
          const [x, y] = [value(), value()];
          values.push({
            server_id: server,
            span,
            item,
            time: START + b * span * 1000,
            type,
            count: span / 60,
            min: Math.min(x, y),
            sum: round((x + y) * (span / 120)),
            max: Math.max(x, y),
          });
        }
      }
      for (let i = 0; i < values.length; i += 500) {
        await db
          .insertInto('server_metric_rollup')
          .values(values.slice(i, i + 500))
          .execute();
      }
      n += values.length;
    }
  }
  return n;
}

type Sizes = { raw: number; rollup: number };

async function measure(name: string, db: Db, size: () => Promise<Sizes>) {
  const before = await size();
  const rawRows = await insertRaw(db);
  const rollupRows = await insertRollups(db);
  const after = await size();
  const raw = (after.raw - before.raw) / rawRows;
  const rollup = (after.rollup - before.rollup) / rollupRows;
  const year = {
    raw: SERVERS * 25 * 1440 * 14,
    fiveMinute: SERVERS * 25 * 288 * 35,
    hour: SERVERS * 25 * 24 * 365,
  };
  const total = year.raw * raw + (year.fiveMinute + year.hour) * rollup;
  console.log(
    `${name}: raw ${raw.toFixed(1)} B/row (${rawRows} rows), roll-up ${rollup.toFixed(1)} B/row ` +
      `(${rollupRows} rows); 100 servers x 1 year at 14/35/365 days: ` +
      `${(year.raw / 1e6).toFixed(1)}M raw + ${((year.fiveMinute + year.hour) / 1e6).toFixed(1)}M ` +
      `roll-up rows = ${(total / 2 ** 30).toFixed(2)} GiB`,
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-metric-storage-'));
try {
  const lite = openSqlite(path.join(dir, 'ferry.db'));
  await migrateToLatest(lite);
  // Per table and its indexes, from SQLite's page statistics (every page of each b-tree).
  const liteSize = async (): Promise<Sizes> => {
    await sql`pragma wal_checkpoint(truncate)`.execute(lite);
    const { rows: pages } = await sql<{ name: string; bytes: number }>`
      select name, sum(pgsize) as bytes from dbstat group by name`.execute(lite);
    const of = (names: string[]) =>
      pages.filter((p) => names.includes(p.name)).reduce((s, p) => s + Number(p.bytes), 0);
    return {
      raw: of(['server_metric', 'sqlite_autoindex_server_metric_1', 'server_metric_time']),
      rollup: of([
        'server_metric_rollup',
        'sqlite_autoindex_server_metric_rollup_1',
        'server_metric_rollup_prune',
      ]),
    };
  };
  await measure('SQLite', lite, liteSize);
  await lite.destroy();

  const pglite = new PGlite(path.join(dir, 'pg'), { parsers: { 20: (v: string) => Number(v) } });
  const pgdb = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(pgdb);
  const pgSize = async (): Promise<Sizes> => {
    await sql`checkpoint`.execute(pgdb);
    const { rows: r } = await sql<{ raw: number; rollup: number }>`
      select pg_total_relation_size('server_metric')::float8 as raw,
             pg_total_relation_size('server_metric_rollup')::float8 as rollup`.execute(pgdb);
    return r[0]!;
  };
  await measure('PostgreSQL (PGlite)', pgdb, pgSize);
  await pgdb.destroy();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
