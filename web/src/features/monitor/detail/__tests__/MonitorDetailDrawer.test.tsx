import { HubType, type MonitorRow } from '@ferry/contract/client';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { publishFrame } from '../../../../api/hub/hubFrames';
import { session } from '../../../../auth/session';
import { AppProviders, queryClient } from '../../../../platform';
import { fakeFetch, queryOf, type FakeRoutes } from '../../../../test/fakeFetch';
import { monitorRow } from '../../__tests__/monitorRowFixture';
import type { ResponseTimeOption } from '../chartOption';
import { LazyMonitorDetailDrawer } from '../LazyMonitorDetailDrawer';

// ECharts draws on a canvas jsdom lacks: a box stands in, keeping the option it was given.
const drawn: ResponseTimeOption[] = [];
vi.mock('../../../../ui/chart/EChart', () => ({
  EChart: (p: { option: ResponseTimeOption; label: string }) => {
    drawn.push(p.option);
    return <div role="img" aria-label={p.label} />;
  },
}));

const MONITOR: MonitorRow = monitorRow({
  id: 7,
  name: 'shop site',
  target: { ...monitorRow().target, items: ['https://shop.example'], keywordMode: '' },
  second: 12,
  errorContent: 'HTTP 502 Bad Gateway',
  lastCheckTime: '2026-03-01 10:59:48',
  latencyMs: 120,
  uptime24h: 99.954,
  uptime7d: 97,
  uptime30d: null,
  insertTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
});

const POINTS = [
  {
    time: '2026-03-01 10:59:00',
    checks: 5,
    failures: 0,
    latencyMs: 100,
    latencyMin: 80,
    latencyMax: 130,
  },
  {
    time: '2026-03-01 10:59:12',
    checks: 5,
    failures: 5,
    latencyMs: 300,
    latencyMin: 200,
    latencyMax: 500,
  },
];

const incident = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  monitorId: 7,
  startTime: `2026-02-0${id} 08:00:00`,
  endTime: `2026-02-0${id} 08:03:20`,
  duration: 200,
  error: `HTTP 50${id}`,
  alertsSent: 1,
  recoverySent: 1,
  failScriptOutput: '',
  successScriptOutput: '',
  ...over,
});

const INCIDENTS_PAGE_1 = {
  code: 0,
  data: {
    list: [
      incident(9, {
        startTime: '2026-03-01 10:59:12',
        endTime: '',
        duration: 3900,
        error: 'connect ECONNREFUSED 10.0.0.5:443',
        alertsSent: 2,
        recoverySent: 0,
        failScriptOutput: '[web-1] exit 1\nnginx: not running',
      }),
      incident(2, { recoverySent: 0 }),
    ],
    pagination: { page: 1, rows: 10, total: 11 },
  },
};
const INCIDENTS_PAGE_2 = {
  code: 0,
  data: { list: [incident(1)], pagination: { page: 2, rows: 10, total: 11 } },
};

function openDrawer(routes: FakeRoutes = {}) {
  session.setIdentity({ id: 1, name: 'default', roleId: 2 });
  queryClient.clear();
  drawn.length = 0;
  const api = fakeFetch({
    '/monitor/getChecks': (req) => ({
      code: 0,
      data: { range: req.query.get('range'), step: 12, points: POINTS },
    }),
    '/monitor/getIncidents': (req) =>
      req.query.get('page') === '2' ? INCIDENTS_PAGE_2 : INCIDENTS_PAGE_1,
    ...routes,
  });
  const onClose = vi.fn();
  render(
    <AppProviders>
      <LazyMonitorDetailDrawer monitor={MONITOR} open onClose={onClose} />
    </AppProviders>,
  );
  return { api, onClose };
}

const findDrawer = async () =>
  within(await screen.findByRole('dialog', { name: /^shop site/ }, { timeout: 5000 }));

describe('the monitor detail drawer', () => {
  it("shows the monitor's state, uptime, last check and the last alert's error", async () => {
    openDrawer();
    const drawer = await findDrawer();
    const summary = within(drawer.getByRole('region', { name: 'Current state' }));
    expect(summary.getByText('Up')).toBeTruthy();
    expect(summary.getByText('99.95 %')).toBeTruthy();
    expect(summary.getByText('97 %')).toBeTruthy();
    expect(summary.getByText('120 ms')).toBeTruthy();
    expect(summary.getByText('2026-03-01 10:59:48')).toBeTruthy();
    expect(drawer.getByLabelText('Error of the last alert').textContent).toBe(
      'HTTP 502 Bad Gateway',
    );
  });

  it('draws the last hour, and another range when chosen', async () => {
    const { api } = openDrawer();
    const drawer = await findDrawer();
    const chart = await drawer.findByRole('img', {
      name: 'Last hour: 10 checks, 5 failed, average 200 ms',
    });
    expect(chart).toBeTruthy();
    expect(queryOf(api.callsTo('/monitor/getChecks')[0])).toEqual({ id: '7', range: 'hour' });
    const series = drawn.at(-1)?.series as { name: string; data: unknown[] }[];
    expect(series.find((s) => s.name === 'Failures')?.data).toHaveLength(1);

    fireEvent.click(drawer.getByText('7 d'));
    expect(
      await drawer.findByRole('img', { name: 'Last week: 10 checks, 5 failed, average 200 ms' }),
    ).toBeTruthy();
    expect(queryOf(api.callsTo('/monitor/getChecks').at(-1))).toEqual({ id: '7', range: 'week' });
  });

  it('says so when the range has no checks', async () => {
    openDrawer({
      '/monitor/getChecks': [{ code: 0, data: { range: 'hour', step: 12, points: [] } }],
    });
    const drawer = await findDrawer();
    expect(await drawer.findByText('No checks yet in this range')).toBeTruthy();
  });

  it('shows a failed load with a retry that loads again', async () => {
    const { api } = openDrawer({
      '/monitor/getChecks': [
        { code: 1, message: 'database is locked' },
        { code: 0, data: { range: 'hour', step: 12, points: POINTS } },
      ],
    });
    const drawer = await findDrawer();
    expect(await drawer.findByText('The response times could not be loaded')).toBeTruthy();
    expect(drawer.getByText('database is locked')).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: /Retry/ }));
    expect(await drawer.findByRole('img', { name: /Last hour: 10 checks/ })).toBeTruthy();
    expect(api.callsTo('/monitor/getChecks')).toHaveLength(2);
  });

  it('lists the incidents, their outputs, and loads more', async () => {
    const { api } = openDrawer();
    const drawer = await findDrawer();
    expect(await drawer.findByText('Ongoing')).toBeTruthy();
    expect(drawer.getByText('Down for 1 h 5 min so far')).toBeTruthy();
    expect(drawer.getByText('connect ECONNREFUSED 10.0.0.5:443')).toBeTruthy();
    expect(drawer.getByText('Started 2026-03-01 10:59:12')).toBeTruthy();
    expect(drawer.getByText('Down for 3 min 20 s')).toBeTruthy();
    expect(
      drawer.getByText('Started 2026-02-02 08:00:00 · Ended 2026-02-02 08:03:20'),
    ).toBeTruthy();
    expect(drawer.getByText('Not sent')).toBeTruthy();
    expect(queryOf(api.callsTo('/monitor/getIncidents')[0])).toEqual({
      id: '7',
      page: '1',
      rows: '10',
    });

    fireEvent.click(drawer.getByText('Fail script output'));
    expect(await drawer.findByText(/nginx: not running/)).toBeTruthy();

    fireEvent.click(drawer.getByRole('button', { name: 'Load more (2 of 11)' }));
    expect(await drawer.findByText('Down for 3 min 20 s', {}, {})).toBeTruthy();
    expect(await drawer.findByText('HTTP 501')).toBeTruthy();
    expect(queryOf(api.callsTo('/monitor/getIncidents').at(-1))).toMatchObject({ page: '2' });
    await waitFor(() => expect(drawer.queryByRole('button', { name: /Load more/ })).toBeNull());
  });

  it('follows the live state from the hub and reloads its history on a change', async () => {
    const { api } = openDrawer();
    const drawer = await findDrawer();
    await drawer.findByRole('img', { name: /Last hour/ });
    await drawer.findByText('Ongoing');
    const checksBefore = api.callsTo('/monitor/getChecks').length;

    act(() =>
      publishFrame({
        type: HubType.monitorState,
        message: {
          monitorId: 8,
          status: 'paused',
          failCount: 0,
          lastCheckTime: '2026-03-01 11:00:00',
          latencyMs: 0,
          error: '',
        },
      }),
    );
    act(() =>
      publishFrame({
        type: HubType.monitorState,
        message: {
          monitorId: 7,
          status: 'down',
          failCount: 3,
          lastCheckTime: '2026-03-01 11:00:00',
          latencyMs: 0,
          error: 'connect ECONNREFUSED 10.0.0.5:443',
        },
      }),
    );
    const summary = within(drawer.getByRole('region', { name: 'Current state' }));
    expect(await summary.findByText('Down')).toBeTruthy();
    expect(summary.getByText('3 failed checks in a row')).toBeTruthy();
    expect(summary.getByText('2026-03-01 11:00:00')).toBeTruthy();
    expect(drawer.getByLabelText('Why the last check failed').textContent).toBe(
      'connect ECONNREFUSED 10.0.0.5:443',
    );
    expect(drawer.queryByText('Paused')).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('/monitor/getChecks').length).toBeGreaterThan(checksBefore),
    );
  });
});
