import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf, type FakeRequest } from '../../../test/fakeFetch';
import { findCell } from '../../../test/findCell';
import { loggedIn, type LoggedInSetup } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

const SHA = 'c0ffee1234567890c0ffee1234567890c0ffee12';
const PULLED = JSON.stringify({ branch: 'origin/main', commit: SHA, message: 'Ship the cart' });

function deploy(
  token: string,
  projectName: string,
  state: number,
  status: string,
  detail = '',
  ext = '',
) {
  return {
    token,
    projectId: 1,
    projectName,
    publisherId: 5,
    publisherName: 'Myself',
    state,
    status,
    detail,
    ext,
    insertTime: '2026-01-02 10:00:00',
  };
}

const FAILURE = 'web-2 transfer: rsync: connection refused (111)\nexit status 255';

/** Logged in with the publish log; it answers two deploys of 31. */
function withPublishLog({
  permissionIds = [Perm.ShowPublishLogPage],
  routes = {},
}: LoggedInSetup = {}) {
  return loggedIn({
    permissionIds,
    routes: {
      '/log/getPublishLogList': (req) => ({
        code: 0,
        data: {
          list: [
            deploy('t2', req.query.get('projectName') || 'shop', 0, 'failed', FAILURE),
            deploy('t1', 'billing', 1, 'succeeded', '', PULLED),
          ],
        },
      }),
      '/log/getPublishLogTotal': [{ code: 0, data: { total: 31 } }],
      ...routes,
    },
  });
}

const last = (calls: FakeRequest[]) => calls.at(-1);
const rowOf = (text: string) => within(screen.getByText(text, { selector: 'td' }).closest('tr')!);

describe('PublishLogPage', () => {
  it('lists deploys with project, commit, publisher, status and time; a failure unfolds its detail', async () => {
    const net = withPublishLog();
    renderApp('/log/publishLog');
    expect(await findCell('shop')).toBeTruthy();
    expect(queryOf(net.callsTo('/log/getPublishLogList')[0])).toEqual({
      username: '',
      projectName: '',
      page: '1',
      rows: '20',
    });
    expect(queryOf(net.callsTo('/log/getPublishLogTotal')[0])).toEqual({
      username: '',
      projectName: '',
    });
    // One status badge per deploy.
    expect(rowOf('shop').getAllByText('Failed')).toHaveLength(1);
    expect(rowOf('shop').getByText('Myself')).toBeTruthy();
    expect(rowOf('shop').getByText('2026-01-02 10:00:00')).toBeTruthy();
    expect(rowOf('billing').getAllByText('Succeeded')).toHaveLength(1);
    // The commit the deploy took: short id, branch and message.
    expect(rowOf('billing').getByText('c0ffee1')).toBeTruthy();
    expect(rowOf('billing').getByText('main')).toBeTruthy();
    expect(rowOf('billing').getByText('Ship the cart')).toBeTruthy();
    // Without the deploy permissions there is no detail to open.
    expect(rowOf('billing').queryByRole('button', { name: /Details/ })).toBeNull();
    expect(screen.getByText('Total: 31')).toBeTruthy();

    expect(screen.queryByLabelText('Failure detail')).toBeNull();
    // Only a deploy with a detail can be expanded.
    expect(rowOf('billing').queryByRole('button', { name: /expand/i })).toBeNull();
    fireEvent.click(rowOf('shop').getByRole('button', { name: /expand/i }));
    const detail = await screen.findByLabelText('Failure detail');
    expect(detail.textContent).toBe(FAILURE);
    expect(detail.tagName).toBe('PRE');
  });

  it('opens a deploy in the same detail drawer as the deploy page', async () => {
    const net = withPublishLog({
      permissionIds: [Perm.ShowPublishLogPage, Perm.DeployDetail],
      routes: {
        '/deploy/getPublishLog': [
          { code: 0, data: { lines: [{ stage: 'pull', serverId: 0, line: 'npm ci' }] } },
        ],
        '/deploy/getPublishTrace': [{ code: 0, data: { list: [] } }],
        '/project/getBindServerList': [{ code: 0, data: { list: [] } }],
      },
    });
    renderApp('/log/publishLog');
    await findCell('billing');
    fireEvent.click(rowOf('billing').getByRole('button', { name: /Details/ }));
    await screen.findAllByText('Deploy of billing', {}, { timeout: 5000 });
    const drawer = screen
      .getAllByRole('dialog')
      .find((d) => within(d).queryByText('Deploy of billing'));
    expect(drawer).toBeTruthy();
    expect(await within(drawer!).findByText('npm ci')).toBeTruthy();
    expect(queryOf(net.callsTo('/deploy/getPublishLog')[0])).toEqual({ token: 't1' });
    expect(queryOf(net.callsTo('/deploy/getPublishTrace')[0])).toEqual({ lastPublishToken: 't1' });
  });

  it('filters by publisher and project, keeping them in the address', async () => {
    const net = withPublishLog();
    const { router } = renderApp('/log/publishLog?page=2');
    await findCell('shop');
    fireEvent.change(screen.getByLabelText('Publisher'), { target: { value: ' Alice ' } });
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: 'api' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(queryOf(last(net.callsTo('/log/getPublishLogList')))).toEqual({
        username: 'Alice',
        projectName: 'api',
        page: '1',
        rows: '20',
      }),
    );
    expect(queryOf(last(net.callsTo('/log/getPublishLogTotal')))).toEqual({
      username: 'Alice',
      projectName: 'api',
    });
    expect(router.state.location.search).toEqual({ username: 'Alice', projectName: 'api' });
    expect(await findCell('api')).toBeTruthy();
  });

  it('pages through with the total the server counts', async () => {
    const net = withPublishLog();
    const { router } = renderApp('/log/publishLog?projectName=shop');
    await findCell('shop');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(queryOf(last(net.callsTo('/log/getPublishLogList')))).toMatchObject({ page: '2' }),
    );
    expect(router.state.location.search).toEqual({ projectName: 'shop', page: 2 });
    // 31 deploys at 20 a page: two pages.
    expect(screen.queryByTitle('3')).toBeNull();
    expect(net.callsTo('/log/getPublishLogTotal')).toHaveLength(1);
  });

  it('says when nothing matches', async () => {
    withPublishLog({
      routes: {
        '/log/getPublishLogList': [{ code: 0, data: { list: [] } }],
        '/log/getPublishLogTotal': [{ code: 0, data: { total: 0 } }],
      },
    });
    renderApp('/log/publishLog?username=ghost');
    expect(
      await screen.findByText('No deploy matches these filters', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('opens from /log for those who may read only it, and is 403 to others', async () => {
    withPublishLog();
    const first = renderApp('/log');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/log/publishLog'));
    first.unmount();
    const net = withPublishLog({ permissionIds: [Perm.ShowLoginLogPage] });
    const { router } = renderApp('/log/publishLog');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(net.callsTo('/log/getPublishLogList')).toHaveLength(0);
  });
});
