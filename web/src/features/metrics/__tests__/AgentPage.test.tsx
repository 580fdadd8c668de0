import { HubType } from '@ferry/contract/client';
import type { EChartsCoreOption } from 'echarts/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { publishFrame } from '../../../api/hub/hubFrames';
import { answer, openAgentPage as open, SOURCE } from './agentPageSetup';
import { metricsView, NOW } from './metricsView';

// ECharts draws on a canvas jsdom lacks: a box stands in, keeping the last option it was given.
const drawn = new Map<string, EChartsCoreOption>();
/** The crosshair group each panel joined (`echarts.connect` links the panels of one group). */
const groups = new Map<string, string | undefined>();
vi.mock('../../../ui/chart/EChart', () => ({
  EChart: (p: { option: EChartsCoreOption; label: string; group?: string }) => {
    drawn.set(p.label.split(' over ')[0] ?? '', p.option);
    groups.set(p.label.split(' over ')[0] ?? '', p.group);
    return <div role="img" aria-label={p.label} />;
  },
}));

describe('AgentPage', () => {
  it('shows the charts loading until the metrics come', async () => {
    open({ '/server/getMetrics': () => new Promise(() => undefined) });
    expect(
      await screen.findByRole('status', { name: 'Loading the charts' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('says there are no samples yet before the first one', async () => {
    open({
      '/server/getMetrics': [answer(metricsView({ lastSampleTime: 0, series: [] }))],
    });
    expect(await screen.findByText('No samples yet', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    const net = open({
      '/server/getMetrics': [{ code: 1, message: 'database is gone' }, answer(metricsView())],
    });
    expect(
      await screen.findByText('Could not load the metrics', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('img', { name: /^CPU usage over/ })).toBeTruthy();
    expect(net.callsTo('/server/getMetrics').length).toBeGreaterThanOrEqual(2);
  });

  it('says an unreachable server is unreachable and why, until it is reached again', async () => {
    open({
      '/server/getMetricsSource': [
        { code: 0, data: { ...SOURCE, state: 'unreachable', lastError: 'connect ECONNREFUSED' } },
        { code: 0, data: SOURCE },
      ],
      '/server/getMetrics': [answer(metricsView())],
    });
    expect(
      await screen.findByText(/The server is unreachable/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Last error: connect ECONNREFUSED')).toBeTruthy();
    expect(screen.getAllByText('Unreachable').length).toBeGreaterThan(0);

    // Reachable again: a frame says so, and the header reads the collection anew.
    act(() =>
      publishFrame({
        type: HubType.serverMetrics,
        message: { serverId: 1, time: NOW + 60_000, samples: [], state: 'ok', error: '' },
      }),
    );
    expect(await screen.findByText('Collecting')).toBeTruthy();
    expect(screen.queryByText(/The server is unreachable/)).toBeNull();
  });

  it('draws the 8 panels, appends live samples and lists the rules with their state', async () => {
    const net = open({ '/server/getMetrics': [answer(metricsView())] });
    await screen.findByRole('img', { name: /^CPU usage over/ }, { timeout: 5000 });
    expect(net.callsTo('/server/getMetrics')[0]?.query.get('range')).toBe('1h');
    // Panels without samples say so; CPU and RAM draw.
    expect(screen.getAllByText('No samples in the last hour')).toHaveLength(6);
    // The panels drawn share one crosshair group.
    expect(groups.get('CPU usage')).toBeTruthy();
    expect(groups.get('Memory usage')).toBe(groups.get('CPU usage'));
    const rules = within(screen.getByText('Warning rules').closest('.ant-card') as HTMLElement);
    expect(await rules.findByText('Breaching')).toBeTruthy();
    expect(rules.getByText('Now: 91.3%')).toBeTruthy();

    act(() =>
      publishFrame({
        type: HubType.serverMetrics,
        message: {
          serverId: 1,
          time: NOW + 60_000,
          samples: [{ type: 1, item: 'cpu_usage', value: 77 }],
          state: 'ok',
          error: '',
        },
      }),
    );
    await waitFor(() => {
      const series = (drawn.get('CPU usage')?.series ?? []) as { data: [number, number][] }[];
      expect(series[0]?.data.at(-1)).toEqual([NOW + 60_000, 77]);
    });
  });
});
