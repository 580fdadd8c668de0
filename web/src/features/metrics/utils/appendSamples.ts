import type { ServerMetricsMessage } from '@ferry/contract/client';
import { METRIC_RANGE_SPAN_MS } from './metricRanges';
import type { MetricPoint, MetricSeriesView, MetricsView } from './MetricsView';

/** A type-16 hub frame's message when it has what the page reads; undefined otherwise. */
export function asMetricsMessage(m: unknown): ServerMetricsMessage | undefined {
  if (typeof m !== 'object' || m === null) return undefined;
  const r = m as Record<string, unknown>;
  if (typeof r.serverId !== 'number' || typeof r.time !== 'number') return undefined;
  if (!Array.isArray(r.samples) || typeof r.state !== 'string') return undefined;
  return r as unknown as ServerMetricsMessage;
}

/**
 * The charts with a frame's new samples appended, the window slid to end at the newest sample.
 * Only raw ranges take samples one by one: a roll-up's bucket is the average of many samples, so
 * those ranges reload instead. A frame without samples (only the state changed) changes nothing
 * drawn: the next sample after an outage lands more than a gap away, and the line breaks.
 */
export function appendSamples(view: MetricsView, message: ServerMetricsMessage): MetricsView {
  if (message.time <= 0 || message.samples.length === 0) return view;
  if (message.time <= view.lastSampleTime) return view;
  if (view.source !== 'raw') return { ...view, lastSampleTime: message.time };
  const to = Math.max(view.to, message.time);
  const from = to - METRIC_RANGE_SPAN_MS[view.range];
  const series: MetricSeriesView[] = view.series.map((s) => ({
    ...s,
    points: s.points.filter((p) => p[0] >= from),
  }));
  for (const sample of message.samples) {
    const point: MetricPoint = [message.time, sample.value, sample.value, sample.value];
    const found = series.find((s) => s.type === sample.type && s.item === sample.item);
    if (!found) series.push({ type: sample.type, item: sample.item, points: [point] });
    // Every point is older than the frame: the view's last sample came before it.
    else found.points = [...found.points, point];
  }
  return { ...view, from, to, lastSampleTime: message.time, series };
}
