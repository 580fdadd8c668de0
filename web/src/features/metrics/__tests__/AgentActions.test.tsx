import { HubType, Perm } from '@ferry/contract/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { publishFrame } from '../../../api/hub/hubFrames';
import { LazyAgentRunDrawer } from '../components/LazyAgentRunDrawer';
import { answer, openAgentPage } from './agentPageSetup';
import { metricsView } from './metricsView';

vi.mock('../../../ui/chart/EChart', () => ({
  EChart: (p: { label: string }) => <div role="img" aria-label={p.label} />,
}));

// The drawer loads on first opening; loaded up front, it opens at once as in a warm app.
beforeAll(() => LazyAgentRunDrawer.preload());

const dialogNamed = async (name: string) =>
  within(await screen.findByRole('dialog', { name }, { timeout: 5000 }));

describe('the agent page actions', () => {
  it('adds a rule on a reported item with a custom webhook', async () => {
    const net = openAgentPage({
      '/server/getMetrics': [answer(metricsView())],
      '/server/getAllMonitor': [{ code: 0, data: { list: [] } }],
      '/server/addMonitor': [{ code: 0, data: { id: 4 } }],
    });
    expect(await screen.findByText('No warning rules', {}, { timeout: 5000 })).toBeTruthy();
    await screen.findByRole('img', { name: /^CPU usage over/ });
    fireEvent.click(screen.getByRole('button', { name: /Add rule/ }));
    const drawer = await dialogNamed('Add a warning rule');
    fireEvent.mouseDown(drawer.getByRole('combobox', { name: 'Item' }));
    fireEvent.click(
      await screen.findByText('ram_usage', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.change(drawer.getByRole('spinbutton', { name: 'Threshold' }), {
      target: { value: '5' },
    });
    fireEvent.mouseDown(drawer.getByRole('combobox', { name: 'Notify' }));
    fireEvent.click(
      await screen.findByText('Custom webhook', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.change(await drawer.findByRole('textbox', { name: 'Webhook address' }), {
      target: { value: 'http://127.0.0.1:9/hook' },
    });
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('/server/addMonitor')).toHaveLength(1));
    expect(net.callsTo('/server/addMonitor')[0]?.body).toMatchObject({
      serverId: 1,
      item: 'ram_usage',
      formula: 'avg',
      operator: '>=',
      value: 5,
      groupCycle: 5,
      lastCycle: 1,
      silentCycle: 30,
      startTime: '00:00',
      endTime: '23:59',
      notifyType: 255,
      notifyTarget: 'http://127.0.0.1:9/hook',
    });
  });

  it('installs the agent and shows the server progress from the hub', async () => {
    const net = openAgentPage({
      '/server/getMetrics': [answer(metricsView())],
      '/server/installAgent': [
        { code: 0, data: { runId: 31, servers: [{ serverId: 1, serverName: 'web-1' }] } },
      ],
    });
    fireEvent.click(
      await screen.findByRole('button', { name: /Install agent/ }, { timeout: 5000 }),
    );
    const drawer = await dialogNamed('Install agent');
    expect(drawer.getByRole('checkbox', { name: /web-1/ })).toHaveProperty('checked', true);
    fireEvent.click(drawer.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(net.callsTo('/server/installAgent')).toHaveLength(1));
    const body = net.callsTo('/server/installAgent')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ ids: [1], interval: 60, reportURL: '' });
    expect(typeof body.watchId).toBe('string');

    const pane = await drawer.findByRole('group', { name: 'web-1' });
    act(() =>
      publishFrame({
        type: HubType.remoteRun,
        message: {
          runId: 31,
          serverId: 1,
          state: 'running',
          output: [{ stream: 'stdout', text: 'agent installed\n' }],
        },
      }),
    );
    act(() =>
      publishFrame({
        type: HubType.remoteRun,
        message: { runId: 31, serverId: 1, state: 'ok', exitCode: 0, durationMs: 1200 },
      }),
    );
    await waitFor(() => expect(within(pane).getByText('agent installed')).toBeTruthy());
    expect(await within(pane).findByText('OK')).toBeTruthy();
  });

  it('offers no install, settings or rule changes without their permissions', async () => {
    openAgentPage({ '/server/getMetrics': [answer(metricsView())] }, [
      Perm.ShowServerPage,
      Perm.ShowServerMonitorPage,
    ]);
    await screen.findByText('Breaching', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Install agent/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Collection settings/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add rule/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });
});
