import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  responseTimeOption,
  tooltipContent,
  type ChartLook,
  type ChartTexts,
} from '../chartOption';
import { serverTimeMs } from '../../../../ui/serverTime';
import { checkSeries } from '../checkSeries';
import { downtime, uptimeText } from '../downtime';
import { frameState, newerState } from '../liveState';
import {
  axisTimeFormat,
  DEFAULT_RANGE,
  RANGE_SPAN_MS,
  rangeOf,
  rangeWindow,
  tooltipTimeFormat,
} from '../monitorRanges';
import type { MonitorCheckPoint } from '../monitorTypes';

const point = (time: string, over: Partial<MonitorCheckPoint> = {}): MonitorCheckPoint => ({
  time,
  checks: 5,
  failures: 0,
  latencyMs: 100,
  latencyMin: 80,
  latencyMax: 130,
  ...over,
});

const at = (time: string) => new Date(time.replace(' ', 'T')).getTime();

const LOOK: ChartLook = {
  line: '#1677ff',
  band: '#bae0ff',
  failure: '#ff4d4f',
  downArea: '#fff2f0',
  text: '#000',
  textSecondary: '#666',
  axis: '#d9d9d9',
  split: '#f0f0f0',
  tooltipBackground: '#fff',
  tooltipBorder: '#f0f0f0',
  fontFamily: 'sans-serif',
};
const TEXTS: ChartTexts = {
  average: 'Average',
  minMax: 'Min – max',
  failures: 'Failures',
  latencyAxis: 'ms',
  latency: (a, min, max) => `Latency ${a} ms (min ${min}, max ${max})`,
  checks: (c, f) => `${c} checks, ${f} failed`,
};

describe('the response-time series', () => {
  it('reads server times as local times', () => {
    expect(serverTimeMs('2026-03-01 10:00:12')).toBe(at('2026-03-01 10:00:12'));
    expect(serverTimeMs('')).toBeNaN();
    expect(serverTimeMs('yesterday')).toBeNaN();
  });

  it('draws the average, the min–max band stacked on the minimum, and totals', () => {
    const s = checkSeries(
      [
        point('2026-03-01 10:00:00'),
        point('2026-03-01 10:00:12', {
          checks: 15,
          latencyMs: 200,
          latencyMin: 150,
          latencyMax: 400,
        }),
      ],
      12,
    );
    const t0 = at('2026-03-01 10:00:00');
    const t1 = at('2026-03-01 10:00:12');
    expect(s.average).toEqual([
      [t0, 100],
      [t1, 200],
    ]);
    expect(s.low).toEqual([
      [t0, 80],
      [t1, 150],
    ]);
    expect(s.spread).toEqual([
      [t0, 50],
      [t1, 250],
    ]);
    expect(s.failures).toEqual([]);
    expect(s.down).toEqual([]);
    expect(s.checks).toBe(20);
    // Weighted by checks: (5 × 100 + 15 × 200) / 20.
    expect(s.averageMs).toBe(175);
    expect(s.byTime.get(t1)?.checks).toBe(15);
  });

  it('breaks the lines where a bucket is missing, and sorts the points', () => {
    const s = checkSeries(
      [point('2026-03-01 10:01:00'), point('2026-03-01 10:00:00'), point('2026-03-01 10:00:12')],
      12,
    );
    const gap = at('2026-03-01 10:00:24');
    expect(s.average.map(([t, v]) => [t, v])).toEqual([
      [at('2026-03-01 10:00:00'), 100],
      [at('2026-03-01 10:00:12'), 100],
      [gap, null],
      [at('2026-03-01 10:01:00'), 100],
    ]);
    expect(s.low[2]).toEqual([gap, null]);
    expect(s.spread[2]).toEqual([gap, null]);
  });

  it('marks failures, and merges buckets where every check failed into down periods', () => {
    const s = checkSeries(
      [
        point('2026-03-01 10:00:00', { failures: 2 }),
        point('2026-03-01 10:05:00', { failures: 5 }),
        point('2026-03-01 10:10:00', { failures: 5 }),
        point('2026-03-01 10:15:00'),
        point('2026-03-01 10:25:00', { failures: 5 }),
        point('2026-03-01 10:30:00', { checks: 0, failures: 0 }),
      ],
      300,
    );
    expect(s.failures).toEqual([
      [at('2026-03-01 10:00:00'), 2],
      [at('2026-03-01 10:05:00'), 5],
      [at('2026-03-01 10:10:00'), 5],
      [at('2026-03-01 10:25:00'), 5],
    ]);
    expect(s.down).toEqual([
      [at('2026-03-01 10:05:00'), at('2026-03-01 10:15:00')],
      [at('2026-03-01 10:25:00'), at('2026-03-01 10:30:00')],
    ]);
    expect(s.failed).toBe(17);
  });

  it('is empty without points', () => {
    const s = checkSeries([], 12);
    expect(s.average).toEqual([]);
    expect(s.checks).toBe(0);
    expect(s.averageMs).toBe(0);
  });
});

describe('the chart option', () => {
  const now = at('2026-03-01 11:00:00');
  const s = checkSeries(
    [point('2026-03-01 10:30:00'), point('2026-03-01 10:30:12', { failures: 5, latencyMs: 9000 })],
    12,
  );
  const option = responseTimeOption(s, 'hour', now, LOOK, TEXTS);

  it('spans the whole range up to now, in the theme colours', () => {
    expect(option.xAxis).toMatchObject({ type: 'time', min: now - 3_600_000, max: now });
    const series = option.series as { name: string; type: string; data: unknown }[];
    expect(series.map((x) => [x.name, x.type])).toEqual([
      ['Min – max', 'line'],
      ['Min – max', 'line'],
      ['Average', 'line'],
      ['Failures', 'bar'],
    ]);
    expect(series[2]).toMatchObject({
      lineStyle: { color: LOOK.line },
      connectNulls: false,
      markArea: {
        itemStyle: { color: LOOK.downArea },
        data: [[{ xAxis: at('2026-03-01 10:30:12') }, { xAxis: at('2026-03-01 10:30:24') }]],
      },
    });
    expect(series[3]).toMatchObject({ itemStyle: { color: LOOK.failure }, yAxisIndex: 1 });
    expect(option.tooltip).toMatchObject({ backgroundColor: LOOK.tooltipBackground });
  });

  it("shows a point's time, latencies, checks and failures in the tooltip", () => {
    const content = tooltipContent(s, at('2026-03-01 10:30:12'), 'hour', LOOK, TEXTS);
    expect(content).toBeInstanceOf(HTMLElement);
    const lines = [...(content as HTMLElement).children].map((c) => c.textContent);
    expect(lines).toEqual([
      '2026-03-01 10:30:12',
      'Latency 9000 ms (min 80, max 130)',
      '5 checks, 5 failed',
    ]);
    expect(((content as HTMLElement).children[2] as HTMLElement).style.color).toBe(
      'rgb(255, 77, 79)',
    );
    expect(tooltipContent(s, at('2026-03-01 10:40:00'), 'hour', LOOK, TEXTS)).toBe('');
  });
});

describe('the ranges', () => {
  it('opens on the last hour and accepts only known ranges', () => {
    expect(DEFAULT_RANGE).toBe('hour');
    expect(rangeOf('week')).toBe('week');
    expect(rangeOf('3months')).toBe('3months');
    expect(rangeOf('year')).toBe('hour');
    expect(rangeOf(undefined)).toBe('hour');
  });

  it('reaches as far back as the server reads, and labels times to fit', () => {
    expect(RANGE_SPAN_MS['6h']).toBe(6 * 3_600_000);
    expect(RANGE_SPAN_MS['3months']).toBe(90 * 86_400_000);
    expect(rangeWindow('day', 100 * 86_400_000)).toEqual({
      min: 99 * 86_400_000,
      max: 100 * 86_400_000,
    });
    expect(axisTimeFormat('hour')).toBe('HH:mm');
    expect(axisTimeFormat('week')).toBe('MM-DD HH:mm');
    expect(axisTimeFormat('month')).toBe('MM-DD');
    expect(tooltipTimeFormat('6h')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(tooltipTimeFormat('day')).toBe('YYYY-MM-DD HH:mm');
  });
});

describe('the wording', () => {
  it('words a downtime in its two largest units', () => {
    expect(downtime(0)).toBe('0 s');
    expect(downtime(45)).toBe('45 s');
    expect(downtime(200)).toBe('3 min 20 s');
    expect(downtime(3900)).toBe('1 h 5 min');
    expect(downtime(2 * 86_400 + 3 * 3600 + 59)).toBe('2 d 3 h');
    expect(downtime(-5)).toBe('0 s');
  });

  it('words a downtime in Chinese', async () => {
    await i18next.changeLanguage('zh-CN');
    try {
      expect(downtime(200)).toBe('3 分 20 秒');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('counts one check and one failure in the singular', () => {
    const t = i18next.getFixedT('en', 'monitorDetail');
    expect(t('chart.tooltipChecks', { count: 1, failures: 1 })).toBe('1 check, 1 failed');
    expect(t('chart.tooltipChecks', { count: 4, failures: 0 })).toBe('4 checks, 0 failed');
    expect(t('failCount', { count: 1 })).toBe('1 failed check in a row');
  });

  it('shows uptime with two decimals at most', () => {
    expect(uptimeText(100)).toBe('100');
    expect(uptimeText(99.954)).toBe('99.95');
    expect(uptimeText(99.5)).toBe('99.5');
  });
});

describe('the live state', () => {
  const row = {
    status: 'up',
    failCount: 0,
    lastCheckTime: '2026-03-01 10:00:00',
    latencyMs: 90,
    lastError: '',
  } as const;

  it('reads hub frame 15 and refuses anything else', () => {
    expect(
      frameState({
        monitorId: 3,
        status: 'down',
        failCount: 3,
        lastCheckTime: '2026-03-01 10:00:30',
        latencyMs: 0,
        error: 'connection refused',
      }),
    ).toEqual({
      monitorId: 3,
      status: 'down',
      failCount: 3,
      lastCheckTime: '2026-03-01 10:00:30',
      latencyMs: 0,
      lastError: 'connection refused',
    });
    expect(frameState(null)).toBeUndefined();
    expect(frameState({ monitorId: '3', status: 'up' })).toBeUndefined();
  });

  it('keeps the newer of the row and the frame', () => {
    const frame = { ...row, status: 'down' as const, lastCheckTime: '2026-03-01 10:00:30' };
    expect(newerState(row, undefined)).toBe(row);
    expect(newerState(row, frame)).toBe(frame);
    const refetched = { ...row, lastCheckTime: '2026-03-01 10:01:00' };
    expect(newerState(refetched, frame)).toBe(refetched);
  });
});
