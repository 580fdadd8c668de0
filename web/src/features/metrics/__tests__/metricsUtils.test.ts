import { describe, expect, it } from 'vitest';
import type { ChartLook } from '../../../ui/chart/ChartLook';
import { appendSamples, asMetricsMessage } from '../utils/appendSamples';
import { itemChoices, itemOptions } from '../utils/itemChoices';
import { metricChartOption, metricTooltip } from '../utils/metricChartOption';
import { METRIC_PANELS, orderItems, panelOf } from '../utils/metricPanels';
import { formatMetric } from '../utils/metricUnits';
import { seriesLine } from '../utils/seriesLine';
import { metricsView, NOW, pointsOf } from './metricsView';

const MINUTE = 60_000;
const LOOK: ChartLook = {
  line: '#1677ff',
  band: '#bae0ff',
  failure: '#ff4d4f',
  downArea: '#ffccc7',
  text: '#000',
  textSecondary: '#666',
  axis: '#d9d9d9',
  split: '#f0f0f0',
  tooltipBackground: '#fff',
  tooltipBorder: '#eee',
  fontFamily: 'sans-serif',
};

describe('formatMetric', () => {
  it('writes percent with one decimal at most', () => {
    expect(formatMetric(12.345, 'percent')).toBe('12.3%');
    expect(formatMetric(80, 'percent')).toBe('80%');
  });

  it('writes bandwidth in B/s, KiB/s and MiB/s', () => {
    expect(formatMetric(512, 'bytesPerSecond')).toBe('512 B/s');
    expect(formatMetric(1536, 'bytesPerSecond')).toBe('1.5 KiB/s');
    expect(formatMetric(5 * 1024 * 1024, 'bytesPerSecond')).toBe('5.0 MiB/s');
  });

  it('writes IOPS, loads and counts', () => {
    expect(formatMetric(3.456, 'iops')).toBe('3.46 IOPS');
    expect(formatMetric(120.44, 'iops')).toBe('120.4 IOPS');
    expect(formatMetric(0.5, 'load')).toBe('0.5');
    expect(formatMetric(41.6, 'count')).toBe('42');
    expect(formatMetric(Number.NaN, 'count')).toBe('');
  });
});

describe('seriesLine', () => {
  it('breaks the line where two points are more than a gap apart', () => {
    const points = [...pointsOf(2, NOW - 10 * MINUTE, () => 1), ...pointsOf(2, NOW, () => 2)];
    const line = seriesLine(points, 1.5 * MINUTE);
    expect(line.map(([, v]) => v)).toEqual([1, 1, null, 2, 2]);
    expect(line[2]?.[0]).toBeGreaterThan(NOW - 10 * MINUTE);
    expect(line[2]?.[0]).toBeLessThan(NOW - MINUTE);
  });

  it('keeps a line whole when the points are a step apart', () => {
    expect(
      seriesLine(
        pointsOf(5, NOW, (i) => i),
        1.5 * MINUTE,
      ).map(([, v]) => v),
    ).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('metricChartOption', () => {
  it('draws one line per item in the panel order, over the whole window', () => {
    const panel = panelOf(3)!;
    const option = metricChartOption(
      {
        panel,
        range: '1h',
        from: NOW - 60 * MINUTE,
        to: NOW,
        gapMs: 1.5 * MINUTE,
        series: [
          { type: 3, item: 'loadavg_15m', points: pointsOf(2, NOW, () => 1) },
          { type: 3, item: 'loadavg_1m', points: pointsOf(2, NOW, () => 3) },
        ],
      },
      LOOK,
    );
    const series = option.series as { name: string; data: unknown[] }[];
    expect(series.map((s) => s.name)).toEqual(['loadavg_1m', 'loadavg_15m']);
    expect(option.xAxis).toMatchObject({ min: NOW - 60 * MINUTE, max: NOW });
  });

  it('gives a sample without a neighbour on its line a dot of its own', () => {
    const option = metricChartOption(
      {
        panel: panelOf(1)!,
        range: '1h',
        from: NOW - 60 * MINUTE,
        to: NOW,
        gapMs: 1.5 * MINUTE,
        series: [
          {
            type: 1,
            item: 'cpu_usage',
            points: [...pointsOf(1, NOW - 30 * MINUTE, () => 7), ...pointsOf(2, NOW, () => 9)],
          },
        ],
      },
      LOOK,
    );
    const [cpu] = option.series as { symbol: string; showSymbol: boolean; data: unknown[] }[];
    expect(cpu).toMatchObject({ symbol: 'none', showSymbol: true });
    expect(cpu!.data).toEqual([
      { value: [NOW - 30 * MINUTE, 7], symbol: 'circle', symbolSize: 4 },
      [NOW - 30 * MINUTE + 1, null],
      [NOW - MINUTE, 9],
      [NOW, 9],
    ]);
  });

  it('caps percent charts at 100 and labels their axis in percent', () => {
    const option = metricChartOption(
      {
        panel: panelOf(1)!,
        range: '1h',
        from: 0,
        to: NOW,
        gapMs: MINUTE,
        series: [],
      },
      LOOK,
    );
    const y = option.yAxis as { max: number; axisLabel: { formatter: (v: number) => string } };
    expect(y.max).toBe(100);
    expect(y.axisLabel.formatter(50)).toBe('50%');
  });

  it('puts each item in the tooltip in its unit', () => {
    const tip = metricTooltip(
      [
        { seriesName: 'eth0.in', color: '#f00', value: [NOW, 2048] },
        { seriesName: 'eth0.out', color: '#0f0', value: [NOW, null] },
      ],
      panelOf(5)!,
      LOOK,
    ) as HTMLElement;
    expect(tip.textContent).toContain('eth0.in: 2.0 KiB/s');
    expect(tip.textContent).not.toContain('eth0.out');
  });
});

describe('appendSamples', () => {
  const frame = (time: number, samples: { type: number; item: string; value: number }[]) => ({
    serverId: 1,
    time,
    samples,
    state: 'ok',
    error: '',
  });

  it('appends a new sample to its item and slides the window', () => {
    const view = metricsView();
    const next = appendSamples(
      view,
      frame(NOW + MINUTE, [{ type: 1, item: 'cpu_usage', value: 99 }]),
    );
    const cpu = next.series.find((s) => s.item === 'cpu_usage')!;
    expect(cpu.points.at(-1)).toEqual([NOW + MINUTE, 99, 99, 99]);
    expect(next.to).toBe(NOW + MINUTE);
    expect(next.from).toBe(NOW + MINUTE - 60 * MINUTE);
    expect(next.lastSampleTime).toBe(NOW + MINUTE);
  });

  it('drops points that fall out of the range', () => {
    const old = NOW - 59 * MINUTE;
    const view = metricsView({
      series: [
        {
          type: 1,
          item: 'cpu_usage',
          points: [
            [old, 1, 1, 1],
            [NOW, 2, 2, 2],
          ],
        },
      ],
    });
    const next = appendSamples(
      view,
      frame(NOW + 2 * MINUTE, [{ type: 1, item: 'cpu_usage', value: 3 }]),
    );
    expect(next.series[0]?.points.map((p) => p[1])).toEqual([2, 3]);
  });

  it('adds an item seen for the first time', () => {
    const next = appendSamples(
      metricsView(),
      frame(NOW + MINUTE, [{ type: 7, item: '/.usage', value: 42 }]),
    );
    expect(next.series.find((s) => s.item === '/.usage')?.points).toEqual([
      [NOW + MINUTE, 42, 42, 42],
    ]);
  });

  it('ignores state-only frames, old samples and samples of roll-up ranges', () => {
    const view = metricsView();
    expect(appendSamples(view, frame(0, []))).toBe(view);
    expect(appendSamples(view, frame(NOW, [{ type: 1, item: 'cpu_usage', value: 1 }]))).toBe(view);
    const rolled = metricsView({ source: '5m', range: '1d' });
    const next = appendSamples(
      rolled,
      frame(NOW + MINUTE, [{ type: 1, item: 'cpu_usage', value: 1 }]),
    );
    expect(next.series).toBe(rolled.series);
    expect(next.lastSampleTime).toBe(NOW + MINUTE);
  });

  it('reads only well-formed frames', () => {
    expect(
      asMetricsMessage({ serverId: 1, time: 1, samples: [], state: 'ok', error: '' }),
    ).toBeDefined();
    expect(asMetricsMessage({ serverId: '1', time: 1, samples: [] })).toBeUndefined();
    expect(asMetricsMessage(null)).toBeUndefined();
  });
});

describe('items', () => {
  it('orders a panel fixed items first, then the others by name', () => {
    expect(orderItems(panelOf(4)!, ['x', 'tcp.established', 'tcp.total'])).toEqual([
      'tcp.total',
      'tcp.established',
      'x',
    ]);
  });

  it('offers the reported items grouped by chart, with the rules items kept', () => {
    const choices = itemChoices(metricsView().series, ['gone.item']);
    expect(choices.map((c) => c.item)).toEqual(['cpu_usage', 'ram_usage', 'gone.item']);
    const groups = itemOptions(choices, (key) => key);
    expect(groups).toEqual([
      { label: 'cpu', options: [{ value: 'cpu_usage', label: 'cpu_usage' }] },
      { label: 'ram', options: [{ value: 'ram_usage', label: 'ram_usage' }] },
    ]);
    expect(METRIC_PANELS).toHaveLength(8);
  });
});
