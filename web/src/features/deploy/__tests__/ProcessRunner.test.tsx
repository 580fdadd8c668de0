import { HubType } from '@ferry/contract/client';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publishFrame } from '../../../api/hub/hubFrames';
import { AppProviders, queryClient } from '../../../platform';
import { loggedIn } from '../../../test/loggedIn';
import { ProcessRunner } from '../components/ProcessRunner';

const bound = (serverId: number, name: string) => ({
  id: serverId,
  projectId: 1,
  serverId,
  server: {
    id: serverId,
    name,
    os: 'linux',
    ip: `192.0.2.${serverId}`,
    port: 22,
    owner: 'deploy',
    password: '',
    path: '',
    jumpIP: '',
    jumpPort: 0,
    jumpOwner: '',
  },
});
const api = {
  id: 3,
  projectId: 1,
  name: 'api',
  status: '',
  start: 'sleep 30',
  stop: '',
  restart: '',
  insertTime: '',
  updateTime: '',
};
const frame = (message: Record<string, unknown>) =>
  act(() => publishFrame({ type: HubType.remoteRun, message: { runId: 21, ...message } }));

describe("the deploy page's process runner", () => {
  it('stops a running command on one server, then on all, through /deploy/stopProcess', async () => {
    const net = loggedIn({
      routes: {
        '/project/getBindServerList': [
          { code: 0, data: { list: [bound(1, 'alpha'), bound(2, 'beta')] } },
        ],
        '/deploy/manageProcess': [
          {
            code: 0,
            data: {
              runId: 21,
              servers: [
                { serverId: 1, serverName: 'alpha' },
                { serverId: 2, serverName: 'beta' },
              ],
            },
          },
        ],
        '/deploy/stopProcess': [{ code: 0, data: null }],
      },
    });
    queryClient.clear();
    render(
      <AppProviders>
        <ProcessRunner projectId={1} process={api} />
      </AppProviders>,
    );
    const start = await screen.findByRole('button', { name: 'Start' });
    await waitFor(() => expect(start).toHaveProperty('disabled', false));
    fireEvent.click(start);
    await waitFor(() => expect(net.callsTo('/deploy/manageProcess')).toHaveLength(1));
    frame({ serverId: 1, state: 'running' });
    frame({ serverId: 2, state: 'running' });

    fireEvent.click(await screen.findByRole('button', { name: 'Stop the run on alpha' }));
    await waitFor(() => expect(net.callsTo('/deploy/stopProcess')).toHaveLength(1));
    expect(net.callsTo('/deploy/stopProcess')[0]?.body).toEqual({ runId: 21, serverId: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Stop all' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(net.callsTo('/deploy/stopProcess')).toHaveLength(2));
    expect(net.callsTo('/deploy/stopProcess')[1]?.body).toEqual({ runId: 21 });
  });
});
