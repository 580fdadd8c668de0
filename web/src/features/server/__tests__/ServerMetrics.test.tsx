import { HubType, Perm } from '@ferry/contract/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishFrame } from '../../../api/hub/hubFrames';
import { onPhone } from '../../../test/onPhone';
import { menuItem, openRowMenu } from '../../../test/openRowMenu';
import { renderApp } from '../../../test/renderApp';
import { LazyAgentRunDrawer } from '../../metrics';
import { serverRow } from './serverRows';
import { ALL_SERVER_PERMS, withServers } from './serverSetup';

// The install drawer loads on first opening; loaded up front, it opens at once.
beforeAll(() => LazyAgentRunDrawer.preload());

const SERVERS = [serverRow(1, 'web-1'), serverRow(2, 'db-1')];
const SUMMARY = {
  serverId: 1,
  mode: 'pull',
  state: 'ok',
  lastSampleTime: Date.UTC(2026, 2, 1, 12),
  cpu: 42.5,
  ram: 61,
  disk: 77,
  diskItem: '/.usage',
};

const findRow = (name: string) =>
  screen.findByText(name, { selector: 'td strong' }, { timeout: 5000 });

describe('ServerPage metrics', () => {
  it('shows each server usage, opens its metrics and installs the agent on several', async () => {
    const net = withServers({
      list: SERVERS,
      superManager: 0,
      permissionIds: [...ALL_SERVER_PERMS, Perm.ShowServerMonitorPage, Perm.InstallAgent],
      routes: {
        '/server/getMetricsSummary': [{ code: 0, data: { list: [SUMMARY] } }],
        '/server/getOption': [{ code: 0, data: { list: SERVERS } }],
        '/server/getMetricsSource': [{ code: 1, message: 'not now' }],
      },
    });
    const { router } = renderApp('/server/index');
    await findRow('web-1');
    expect(await screen.findByText('42.5%')).toBeTruthy();
    expect(screen.getByText('No samples')).toBeTruthy();
    expect(net.callsTo('/server/getMetricsSummary')[0]?.query.get('ids')).toBe('1,2');

    fireEvent.click(screen.getByRole('button', { name: /Install agent/ }));
    // The drawer by its title: rc-util's ids are not unique in this test setup.
    const title = await screen.findByText('Install agent', { selector: '.ant-drawer-title' });
    const drawer = within(title.closest<HTMLElement>('[role="dialog"]')!);
    expect(drawer.getByRole('button', { name: 'Install' })).toHaveProperty('disabled', true);
    fireEvent.click(drawer.getByRole('checkbox', { name: 'Select all' }));
    expect(drawer.getByRole('button', { name: 'Install' })).toHaveProperty('disabled', false);
    fireEvent.click(drawer.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(menuItem(await openRowMenu('db-1'), 'Metrics'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/server/agent'));
    expect(router.state.location.search).toEqual({ serverId: 2 });
  });

  it('reads the usage again when a shown server reports, not for another server', async () => {
    const net = withServers({
      list: SERVERS,
      superManager: 0,
      permissionIds: [...ALL_SERVER_PERMS, Perm.ShowServerMonitorPage],
      routes: {
        '/server/getMetricsSummary': [
          { code: 0, data: { list: [SUMMARY] } },
          { code: 0, data: { list: [{ ...SUMMARY, cpu: 12.5 }] } },
        ],
      },
    });
    renderApp('/server/index');
    expect(await screen.findByText('42.5%', {}, { timeout: 5000 })).toBeTruthy();
    const report = (serverId: number) =>
      act(() =>
        publishFrame({
          type: HubType.serverMetrics,
          message: { serverId, time: Date.now(), samples: [], state: 'ok', error: '' },
        }),
      );
    report(9);
    // Longer than the wait after a report: another server's report asked nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    expect(net.callsTo('/server/getMetricsSummary')).toHaveLength(1);
    report(1);
    expect(await screen.findByText('12.5%', {}, { timeout: 3000 })).toBeTruthy();
    expect(net.callsTo('/server/getMetricsSummary')).toHaveLength(2);
  });

  it("shows each server's usage on its card on a phone", async () => {
    onPhone();
    withServers({
      list: SERVERS,
      superManager: 0,
      permissionIds: [...ALL_SERVER_PERMS, Perm.ShowServerMonitorPage],
      routes: { '/server/getMetricsSummary': [{ code: 0, data: { list: [SUMMARY] } }] },
    });
    renderApp('/server/index');
    await screen.findByRole('button', { name: 'More actions for web-1' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    expect(await screen.findByText('42.5%')).toBeTruthy();
    expect(screen.getByText('No samples')).toBeTruthy();
  });

  it('has no usage column, metrics action or install without the permissions', async () => {
    const net = withServers({ list: SERVERS, superManager: 0 });
    renderApp('/server/index');
    await findRow('web-1');
    expect(screen.queryByText('Usage')).toBeNull();
    expect(screen.queryByRole('button', { name: /Install agent/ })).toBeNull();
    expect((await openRowMenu('web-1')).queryByText('Metrics')).toBeNull();
    expect(net.callsTo('/server/getMetricsSummary')).toHaveLength(0);
  });
});
