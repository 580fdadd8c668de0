import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf, type FakeRequest } from '../../../test/fakeFetch';
import { findCell } from '../../../test/findCell';
import { loggedIn, type LoggedInSetup } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

function deploy(token: string, projectName: string, state: number, status: string, detail = '') {
  return {
    token,
    projectId: 1,
    projectName,
    publisherId: 5,
    publisherName: 'Myself',
    state,
    status,
    detail,
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
            deploy('t1', 'billing', 1, 'succeeded'),
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
  it('lists deploys with project, publisher, outcome and time; a failure opens onto its detail', async () => {
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
    // The state (goploy's 0/1) and the outcome (ours): both say failed.
    expect(rowOf('shop').getAllByText('Failed')).toHaveLength(2);
    expect(rowOf('shop').getByText('Myself')).toBeTruthy();
    expect(rowOf('shop').getByText('2026-01-02 10:00:00')).toBeTruthy();
    expect(rowOf('billing').getByText('Success')).toBeTruthy();
    expect(rowOf('billing').getByText('Succeeded')).toBeTruthy();
    expect(screen.getByText('Total: 31')).toBeTruthy();

    expect(screen.queryByLabelText('Failure detail')).toBeNull();
    // Only a deploy with a detail can be expanded.
    expect(rowOf('billing').queryByRole('button', { name: /expand/i })).toBeNull();
    fireEvent.click(rowOf('shop').getByRole('button', { name: /expand/i }));
    const detail = await screen.findByLabelText('Failure detail');
    expect(detail.textContent).toBe(FAILURE);
    expect(detail.tagName).toBe('PRE');
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
