import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { fakeWebSocketClass } from '../../../test/fakeWebSocketClass';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

const server = (id: number, name: string) => ({
  id,
  namespaceId: 1,
  name,
  ip: `192.0.2.${id}`,
  port: 22,
  owner: 'deploy',
  description: '',
  osInfo: '',
  insertTime: '',
  updateTime: '',
});
const runRow = {
  id: 12,
  kind: 'serverProcess',
  title: 'app: restart',
  interpreter: 'bash',
  userId: 5,
  username: 'Myself',
  state: 'ok',
  serverCount: 2,
  okCount: 2,
  failedCount: 0,
  insertTime: '2026-01-02 09:41:07',
  finishTime: '2026-01-02 09:41:09',
  servers: [
    { serverId: 1, serverName: 'alpha', state: 'ok' },
    { serverId: 7, serverName: 'retired', state: 'ok' },
  ],
};
const part = (serverId: number, serverName: string, output: string) => ({
  serverId,
  serverName,
  serverIp: `192.0.2.${serverId}`,
  state: 'ok',
  exitCode: 0,
  error: '',
  output,
  outputBytes: output.length,
  durationMs: 800,
});
const detail = {
  ...runRow,
  script: 'systemctl restart app',
  timeout: 1800,
  serverList: [part(1, 'alpha', 'restarted on alpha\n'), part(7, 'retired', 'restarted\n')],
  groupId: 4,
  itemName: 'restart',
};

/** The process page of a namespace with one group, one past run, and `items` in the group. */
function withHistory(items = [{ name: 'restart', command: 'systemctl restart app' }]) {
  return loggedIn({
    permissionIds: [Perm.ShowServerProcessPage],
    routes: {
      '/server/getOption': [{ code: 0, data: { list: [server(1, 'alpha'), server(2, 'beta')] } }],
      '/server/getProcessList': [
        {
          code: 0,
          data: {
            list: [
              {
                id: 4,
                namespaceId: 1,
                name: 'app',
                items: JSON.stringify(items),
                insertTime: '',
                updateTime: '',
              },
            ],
          },
        },
      ],
      '/server/getProcessRunList': [
        { code: 0, data: { list: [runRow], pagination: { page: 1, rows: 10, total: 1 } } },
      ],
      '/server/getProcessRun': [{ code: 0, data: detail }],
      '/server/execProcess': [
        { code: 0, data: { runId: 13, servers: [{ serverId: 1, serverName: 'alpha' }] } },
      ],
    },
  });
}

/** Opens the process page, its history and the run in it; returns queries within the drawer. */
async function openRun() {
  renderApp('/server/process');
  fireEvent.click(await screen.findByRole('button', { name: 'History' }));
  const drawer = within(await screen.findByRole('dialog', { name: 'Run history' }));
  expect(await drawer.findByText('app: restart')).toBeTruthy();
  fireEvent.click(drawer.getByRole('button', { name: 'Open the run of 2026-01-02 09:41:07' }));
  return drawer;
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', fakeWebSocketClass().Socket);
});

describe('the process page history', () => {
  it('lists the process runs, opens one and runs its button again on the servers left', async () => {
    const net = withHistory();
    const drawer = await openRun();
    expect(await drawer.findByLabelText('Command')).toHaveProperty(
      'textContent',
      'systemctl restart app',
    );
    expect(drawer.getByText('restarted on alpha')).toBeTruthy();
    expect(queryOf(net.callsTo('/server/getProcessRun')[0])).toEqual({ id: '12' });
    expect(queryOf(net.callsTo('/server/getProcessRunList')[0])).toEqual({ page: '1', rows: '10' });

    fireEvent.click(drawer.getByRole('button', { name: /Run again/ }));
    await waitFor(() => expect(net.callsTo('/server/execProcess')).toHaveLength(1));
    expect(net.callsTo('/server/execProcess')[0]?.body).toMatchObject({
      id: 4,
      name: 'restart',
      serverIds: [1],
      stream: 1,
    });
    expect(await screen.findByText('No longer available, left out: retired')).toBeTruthy();

    // While that run goes on, the history offers no second one. (Without the closing animation
    // jsdom leaves the drawer on the run it showed.)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Run history' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const again = within(await screen.findByRole('dialog', { name: 'Run history' }));
    await waitFor(() =>
      expect(again.getByRole('button', { name: /Run again/ })).toHaveProperty('disabled', true),
    );
  });

  it('says so and runs nothing when the button is gone from its group', async () => {
    const net = withHistory([{ name: 'status', command: 'systemctl status app' }]);
    const drawer = await openRun();
    fireEvent.click(await drawer.findByRole('button', { name: /Run again/ }));
    expect(
      await screen.findByText(
        'app: restart cannot run again: its group or its command no longer exists',
      ),
    ).toBeTruthy();
    expect(net.callsTo('/server/execProcess')).toEqual([]);
  });
});
