import { z } from 'zod';
import { idField, idListField, intField, stringField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import {
  METRIC_MODES,
  METRIC_RANGES,
  METRIC_SOURCE_STATES,
  METRIC_TYPES,
} from './metrics-constants.js';

/** goploy's `datetimeRange`: two local times `YYYY-MM-DD HH:mm:ss`, as its date picker sends. */
export const DATETIME_RANGE_RULE = 'must be two times "YYYY-MM-DD HH:mm:ss,YYYY-MM-DD HH:mm:ss"';
const DATETIME_RANGE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/** The most servers one summary may name (a page of the server list). */
export const MAX_METRIC_SUMMARY_IDS = 1000;

const typeField = intField(Math.min(...METRIC_TYPES), Math.max(...METRIC_TYPES));

/** One point of goploy's report: the item, its value and the time, as goploy's page draws them. */
export const reportPoint = z.object({
  item: z.string(),
  /** A number (goploy sends its text; its charts draw either). */
  value: z.number(),
  /** `YYYY-MM-DD HH:mm:ss` in the console's time zone. */
  reportTime: z.string(),
});

/**
 * goploy's route: the items of one chart type of a server between two times, about 60 points an
 * item (every n-th of the rows, as goploy thins them, and the last one). The rows are read from
 * the raw samples or the roll-ups by the length of the range, as `/server/getMetrics` does, and
 * each is the average of its bucket.
 */
export const report = route({
  method: 'GET',
  path: '/server/report',
  access: anyOf(Perm.ShowServerMonitorPage),
  input: z.object({
    serverId: idField,
    type: typeField,
    datetimeRange: stringField().trim().regex(DATETIME_RANGE, DATETIME_RANGE_RULE),
  }),
  output: z.object({ map: z.record(z.string(), z.array(reportPoint)) }),
});

/** Where a chart's points come from: raw samples, or the 5-minute or 1-hour roll-ups. */
export const METRIC_SOURCES = ['raw', '5m', '1h'] as const;
export type MetricSource = (typeof METRIC_SOURCES)[number];

/** One item's points: `[time, avg, min, max]`, time the bucket's start (epoch ms), oldest first. */
export const metricSeries = z.object({
  type: z.number(),
  item: z.string(),
  points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
});
export type MetricSeries = z.output<typeof metricSeries>;

/**
 * Ours: the charts of the agent page over a range ending at `end` (default now): per item about
 * 300 points, each the min, average and max of the samples in its step. Raw samples for 1h and 6h,
 * 5-minute roll-ups for 1d and 7d, 1-hour roll-ups for 30d and 90d.
 *
 * A bucket without any sample is absent, so the client draws a gap where two consecutive points
 * are more than `gapMs` apart (a step plus one and a half sample intervals: bucketing and a late
 * sample never break the line, a collection that did not happen does); it puts no line between
 * them (ECharts: a `null` point inserted between the two).
 */
export const getMetrics = route({
  method: 'GET',
  path: '/server/getMetrics',
  access: anyOf(Perm.ShowServerMonitorPage),
  input: z.object({
    serverId: idField,
    range: z.enum(METRIC_RANGES, `must be one of ${METRIC_RANGES.join(', ')}`),
    /** One chart type; absent: every type. */
    type: typeField.optional(),
    /** The end of the range (epoch ms); absent: now. */
    end: intField(0, 8_640_000_000_000_000).optional(),
  }),
  output: z.object({
    /** The first bucket's start and the range's end (epoch ms). */
    from: z.number(),
    to: z.number(),
    stepMs: z.number(),
    /** Consecutive points further apart than this have a gap between them. */
    gapMs: z.number(),
    source: z.enum(METRIC_SOURCES),
    /** The server's last sample (epoch ms); 0 before the first. */
    lastSampleTime: z.number(),
    series: z.array(metricSeries),
  }),
});

/** A server's cell in the server list: its latest CPU, RAM and fullest disk, and how it is collected. */
export const metricSummaryRow = z.object({
  serverId: z.number(),
  mode: z.enum(METRIC_MODES),
  state: z.enum(METRIC_SOURCE_STATES),
  /** The last sample (epoch ms); 0 before the first. The values below are of that sample. */
  lastSampleTime: z.number(),
  /** Percent; null when the sample has none. */
  cpu: z.number().nullable(),
  ram: z.number().nullable(),
  /** The highest `<dev>.usage` percent, and that item. */
  disk: z.number().nullable(),
  diskItem: z.string(),
});
export type MetricSummaryRow = z.output<typeof metricSummaryRow>;

/**
 * Ours: the server list's metrics cell for many servers at once. A server the caller's namespace
 * cannot use is silently absent, as an unknown id is.
 */
export const getMetricsSummary = route({
  method: 'GET',
  path: '/server/getMetricsSummary',
  access: anyOf(Perm.ShowServerMonitorPage),
  input: z.object({
    ids: idListField.pipe(
      z
        .array(z.number())
        .max(MAX_METRIC_SUMMARY_IDS, `must name at most ${MAX_METRIC_SUMMARY_IDS} ids`),
    ),
  }),
  output: z.object({ list: z.array(metricSummaryRow) }),
});
