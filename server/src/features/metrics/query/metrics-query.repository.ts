import { MetricItem } from '@ferry/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';

/** One bucket of one item: its start (epoch ms) and the average, least and greatest value. */
export interface BucketRow {
  item: string;
  type: number;
  time: number;
  avg: number;
  min: number;
  max: number;
}

/** What a chart reads: a server's items (of one type, or all) from `from` to `to` inclusive. */
export interface BucketQuery {
  serverId: number;
  type: number | undefined;
  from: number;
  to: number;
  stepMs: number;
}

/** How a server is collected, for the chart's gap and the server list's cell. */
export interface SourceRow {
  serverId: number;
  mode: string;
  state: string;
  intervalS: number;
  lastSampleTime: number;
}

/** A value of the server list's cell: an item of a server's last sample. */
export interface LatestRow {
  serverId: number;
  item: string;
  time: number;
  value: number;
}

const num = (v: unknown) => Number(v);

/**
 * The items a server has in `table` (of roll-up `span` when given) with their type, found by a
 * loose index scan of the primary key (server_id, [span,] item, time): one seek per item for its
 * name and one for its type, instead of a scan of the server's rows.
 */
function itemsOf(table: 'server_metric' | 'server_metric_rollup', serverId: number, span?: number) {
  const t = sql.table(table);
  const spanIs = (alias: string) =>
    span === undefined ? sql`` : sql`and ${sql.ref(`${alias}.span`)} = ${span}`;
  return sql`
    items (item) as (
      select min(a.item) from ${t} a where a.server_id = ${serverId} ${spanIs('a')}
      union all
      select (
        select min(b.item) from ${t} b
        where b.server_id = ${serverId} ${spanIs('b')} and b.item > items.item
      )
      from items where items.item is not null
    ),
    typed (item, type) as (
      select items.item, (
        select c.type from ${t} c
        where c.server_id = ${serverId} ${spanIs('c')} and c.item = items.item
        limit 1
      )
      from items where items.item is not null
    )`;
}

/**
 * The buckets of `stepMs` of a server's items: per item one range scan of the primary key over
 * the range, so the rows read are the range's rows of the items asked (plus two seeks an item).
 */
async function buckets(
  db: Db,
  table: 'server_metric' | 'server_metric_rollup',
  q: BucketQuery,
  aggregates: RawBuilder<unknown>,
  span?: number,
): Promise<BucketRow[]> {
  const step = sql.lit(q.stepMs);
  const spanIs = span === undefined ? sql`` : sql`and m.span = ${span}`;
  const typeIs = q.type === undefined ? sql`` : sql`where typed.type = ${q.type}`;
  const { rows } = await sql<Record<string, unknown>>`
    with recursive ${itemsOf(table, q.serverId, span)}
    select m.item as item, m.type as type, (m.time / ${step}) * ${step} as bucket, ${aggregates}
    from ${sql.table(table)} m
    where m.server_id = ${q.serverId} ${spanIs}
      and m.item in (select typed.item from typed ${typeIs})
      and m.time >= ${q.from} and m.time <= ${q.to}
    group by m.item, m.type, (m.time / ${step}) * ${step}
    order by m.item, bucket`.execute(db);
  return rows.map((r) => ({
    item: String(r.item),
    type: num(r.type),
    time: num(r.bucket),
    avg: num(r.avg),
    min: num(r.min),
    max: num(r.max),
  }));
}

/** Reads stored metrics: charts, goploy's report and the server list's cell. */
export function createMetricsQueryRepository(db: Db) {
  return {
    /** Raw samples in buckets: the min, average and max of the values. */
    rawBuckets(q: BucketQuery): Promise<BucketRow[]> {
      const agg = sql`avg(m.value) as avg, min(m.value) as min, max(m.value) as max`;
      return buckets(db, 'server_metric', q, agg);
    },

    /** Roll-ups of `span` seconds in buckets: the average is the sum of sums over the count. */
    rollupBuckets(q: BucketQuery, span: number): Promise<BucketRow[]> {
      const agg = sql`sum(m.sum) / sum(m.count) as avg, min(m.min) as min, max(m.max) as max`;
      return buckets(db, 'server_metric_rollup', q, agg, span);
    },

    /** The collection rows of these servers (a server never set up has none). */
    async sources(serverIds: number[]): Promise<SourceRow[]> {
      if (serverIds.length === 0) return [];
      const rows = await db
        .selectFrom('server_metric_source')
        .select(['server_id', 'mode', 'state', 'interval_s', 'last_sample_time'])
        .where('server_id', 'in', serverIds)
        .execute();
      return rows.map((r) => ({
        serverId: num(r.server_id),
        mode: r.mode,
        state: r.state,
        intervalS: num(r.interval_s),
        lastSampleTime: num(r.last_sample_time),
      }));
    },

    /**
     * CPU, RAM and the disks' usage of each server's sample at its time, in one query: seeks of
     * the time index, one a distinct time (`[serverId, time]` pairs).
     */
    async latest(samples: Array<[number, number]>): Promise<LatestRow[]> {
      if (samples.length === 0) return [];
      const wanted = new Set(samples.map(([id, time]) => `${id}:${time}`));
      const rows = await db
        .selectFrom('server_metric')
        .select(['server_id', 'item', 'time', 'value'])
        .where('time', 'in', [...new Set(samples.map(([, time]) => time))])
        .where('server_id', 'in', [...new Set(samples.map(([id]) => id))])
        .where((eb) =>
          eb.or([
            eb('item', 'in', [MetricItem.cpu, MetricItem.ram]),
            eb('item', 'like', '%.usage'),
          ]),
        )
        .execute();
      return rows
        .map((r) => ({
          serverId: num(r.server_id),
          item: r.item,
          time: num(r.time),
          value: num(r.value),
        }))
        .filter((r) => wanted.has(`${r.serverId}:${r.time}`));
    },
  };
}

export type MetricsQueryRepository = ReturnType<typeof createMetricsQueryRepository>;
