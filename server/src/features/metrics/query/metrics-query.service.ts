import {
  DATETIME_RANGE_RULE,
  DEFAULT_METRIC_INTERVAL_S,
  DEFAULT_METRIC_MODE,
  MetricItem,
  type MetricRange,
  type MetricSeries,
  type MetricSummaryRow,
  type MetricSource,
} from '@ferry/contract';
import { formatTime, type Clock } from '../../../core/clock.js';
import { invalid } from '../../../core/errors.js';
import type { RequestContext } from '../../../core/http/context.js';
import type { ServerDirectory } from '../../server/server.api.js';
import {
  bucketStart,
  planFor,
  RANGE_LENGTH_MS,
  SOURCE_SPAN_S,
  thinLikeGoploy,
} from './metric-plan.js';
import type { BucketRow, MetricsQueryRepository, SourceRow } from './metrics-query.repository.js';

/** The longest range goploy's report may ask for: the hourly roll-ups' default retention. */
const MAX_REPORT_MS = 366 * 86_400_000;

/** Values cross the wire with at most three decimals (bucket averages carry float noise). */
const round = (v: number) => Math.round(v * 1000) / 1000;

/** `YYYY-MM-DD HH:mm:ss` in the console's time zone → epoch ms (NaN for no such time). */
const localTime = (text: string) => new Date(text.replace(' ', 'T')).getTime();

export function createMetricsQueryService(deps: {
  repo: MetricsQueryRepository;
  clock: Clock;
  servers: Pick<ServerDirectory, 'visible' | 'usableIds'>;
}) {
  const { repo, clock, servers } = deps;

  /** The buckets of a server's items over [from, to], read where the plan for its length says. */
  async function read(serverId: number, type: number | undefined, from: number, to: number) {
    const [source] = await repo.sources([serverId]);
    const intervalMs = (source?.intervalS ?? DEFAULT_METRIC_INTERVAL_S) * 1000;
    const plan = planFor(to - from, intervalMs);
    const q = { serverId, type, from: bucketStart(from, plan.stepMs), to, stepMs: plan.stepMs };
    const rows =
      plan.source === 'raw'
        ? await repo.rawBuckets(q)
        : await repo.rollupBuckets(q, SOURCE_SPAN_S[plan.source]);
    return { plan, from: q.from, rows, lastSampleTime: source?.lastSampleTime ?? 0 };
  }

  return {
    /** `/server/getMetrics`: about 300 points an item over a chart range. */
    async chart(
      ctx: RequestContext,
      input: {
        serverId: number;
        range: MetricRange;
        type?: number | undefined;
        end?: number | undefined;
      },
    ) {
      await servers.visible(ctx, input.serverId);
      const to = input.end ?? clock.now();
      const r = await read(input.serverId, input.type, to - RANGE_LENGTH_MS[input.range], to);
      return {
        from: r.from,
        to,
        stepMs: r.plan.stepMs,
        gapMs: r.plan.gapMs,
        source: r.plan.source satisfies MetricSource,
        lastSampleTime: r.lastSampleTime,
        series: seriesOf(r.rows),
      };
    },

    /** goploy's `/server/report`: an item's averages over its range, thinned as goploy does. */
    async report(
      ctx: RequestContext,
      input: { serverId: number; type: number; datetimeRange: string },
    ) {
      const [from = NaN, to = NaN] = input.datetimeRange.split(',').map(localTime);
      if (Number.isNaN(from) || Number.isNaN(to))
        throw invalid('datetimeRange', DATETIME_RANGE_RULE);
      if (to < from) throw invalid('datetimeRange', 'must not end before it starts');
      if (to - from > MAX_REPORT_MS) throw invalid('datetimeRange', 'must span at most 366 days');
      await servers.visible(ctx, input.serverId);
      // The end second is inclusive, as goploy's BETWEEN on whole seconds.
      const r = await read(input.serverId, input.type, from, to + 999);
      const map: Record<string, { item: string; value: number; reportTime: string }[]> = {};
      for (const s of seriesOf(r.rows)) {
        map[s.item] = thinLikeGoploy(s.points).map(([time, avg]) => ({
          item: s.item,
          value: avg,
          reportTime: formatTime(time),
        }));
      }
      return { map };
    },

    /** The server list's cells: a server the caller's namespace cannot use is left out. */
    async summary(ctx: RequestContext, ids: number[]): Promise<{ list: MetricSummaryRow[] }> {
      const usable = await servers.usableIds(ctx.namespaceId);
      const wanted = [...new Set(ids)].filter((id) => usable.has(id));
      const sources = new Map((await repo.sources(wanted)).map((s) => [s.serverId, s]));
      const sampled = [...sources.values()].filter((s) => s.lastSampleTime > 0);
      const latest = await repo.latest(sampled.map((s) => [s.serverId, s.lastSampleTime]));
      return { list: wanted.map((id) => summaryRow(id, sources.get(id), latest)) };
    },
  };
}

/** Rows ordered by item then time → one series an item, values rounded. */
function seriesOf(rows: BucketRow[]): MetricSeries[] {
  const out: MetricSeries[] = [];
  for (const r of rows) {
    let s = out.at(-1);
    if (s?.item !== r.item) {
      s = { type: r.type, item: r.item, points: [] };
      out.push(s);
    }
    s.points.push([r.time, round(r.avg), round(r.min), round(r.max)]);
  }
  return out;
}

function summaryRow(
  serverId: number,
  source: SourceRow | undefined,
  latest: { serverId: number; item: string; value: number }[],
): MetricSummaryRow {
  const mine = latest.filter((l) => l.serverId === serverId);
  const value = (item: string) => mine.find((l) => l.item === item)?.value ?? null;
  const disk = mine
    .filter((l) => l.item.endsWith('.usage'))
    .reduce<{ item: string; value: number } | null>(
      (top, l) => (top === null || l.value > top.value ? l : top),
      null,
    );
  return {
    serverId,
    mode: (source?.mode ?? DEFAULT_METRIC_MODE) as MetricSummaryRow['mode'],
    state: (source?.state ?? 'unknown') as MetricSummaryRow['state'],
    lastSampleTime: source?.lastSampleTime ?? 0,
    cpu: value(MetricItem.cpu),
    ram: value(MetricItem.ram),
    disk: disk ? round(disk.value) : null,
    diskItem: disk?.item ?? '',
  };
}
export type MetricsQueryService = ReturnType<typeof createMetricsQueryService>;
