import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf, type FakeRequest } from '../../../test/fakeFetch';
import { findCell } from '../../../test/findCell';
import { loggedIn, type LoggedInSetup } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

function attempt(id: number, account: string, reason = '') {
  return {
    id,
    account,
    remoteAddr: '10.0.0.7',
    userAgent: UA,
    referer: 'https://ferry.example/login',
    reason,
    loginTime: `2026-01-0${(id % 9) + 1} 10:00:00`,
  };
}

const BOTH_LOGS = [Perm.ShowLoginLogPage, Perm.ShowOperationLogPage];

/** Logged in (by default with both logs); the login log answers two attempts of 45. */
function withLoginLog({ permissionIds = BOTH_LOGS, routes = {} }: LoggedInSetup = {}) {
  return loggedIn({
    permissionIds,
    routes: {
      '/log/getLoginLogList': (req) => ({
        code: 0,
        data: {
          list: [
            attempt(2, req.query.get('account') || 'alice', 'Invalid account or password'),
            attempt(1, req.query.get('account') ? 'someone' : 'bob'),
          ],
        },
      }),
      '/log/getLoginLogTotal': [{ code: 0, data: { total: 45 } }],
      ...routes,
    },
  });
}

const last = (calls: FakeRequest[]) => calls.at(-1);

describe('LoginLogPage', () => {
  it('lists attempts with their outcome, page 1 of 20 rows', async () => {
    const net = withLoginLog();
    renderApp('/log/loginLog');
    expect(await findCell('alice')).toBeTruthy();
    expect(queryOf(net.callsTo('/log/getLoginLogList')[0])).toEqual({
      account: '',
      page: '1',
      rows: '20',
    });
    expect(queryOf(net.callsTo('/log/getLoginLogTotal')[0])).toEqual({ account: '' });
    const failed = within(screen.getByText('alice', { selector: 'td' }).closest('tr')!);
    expect(failed.getByText('Invalid account or password')).toBeTruthy();
    expect(failed.getByText('10.0.0.7')).toBeTruthy();
    const ok = within(screen.getByText('bob', { selector: 'td' }).closest('tr')!);
    expect(ok.getByText('Success')).toBeTruthy();
    expect(ok.getByText(UA)).toBeTruthy();
    expect(screen.getByText('Total: 45')).toBeTruthy();
  });

  it('filters by account when the form is submitted (Enter) and keeps it in the address', async () => {
    const net = withLoginLog();
    const { router } = renderApp('/log/loginLog?page=2');
    await findCell('alice');
    const account = screen.getByLabelText('Account');
    fireEvent.change(account, { target: { value: ' carol ' } });
    fireEvent.submit(account.closest('form')!);

    await waitFor(() =>
      expect(queryOf(last(net.callsTo('/log/getLoginLogList')))).toEqual({
        account: 'carol',
        page: '1',
        rows: '20',
      }),
    );
    expect(queryOf(last(net.callsTo('/log/getLoginLogTotal')))).toEqual({ account: 'carol' });
    expect(router.state.location.search).toEqual({ account: 'carol' });
    expect(await findCell('carol')).toBeTruthy();
  });

  it('searches with the Search button too', async () => {
    const net = withLoginLog();
    const { router } = renderApp('/log/loginLog');
    await findCell('alice');
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'dave' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(queryOf(last(net.callsTo('/log/getLoginLogList'))).account).toBe('dave'),
    );
    expect(router.state.location.search).toEqual({ account: 'dave' });
  });

  it('reads the filter, page and size from the address', async () => {
    const net = withLoginLog();
    renderApp('/log/loginLog?account=bob&page=3&rows=50');
    await findCell('bob');
    expect(queryOf(net.callsTo('/log/getLoginLogList')[0])).toEqual({
      account: 'bob',
      page: '3',
      rows: '50',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Account').value).toBe('bob');
  });

  it('pages through and keeps the page in the address', async () => {
    const net = withLoginLog();
    const { router } = renderApp('/log/loginLog?account=alice');
    await findCell('alice');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(queryOf(last(net.callsTo('/log/getLoginLogList')))).toEqual({
        account: 'alice',
        page: '3',
        rows: '20',
      }),
    );
    expect(router.state.location.search).toEqual({ account: 'alice', page: 3 });
    // The total does not depend on the page: asked once.
    expect(net.callsTo('/log/getLoginLogTotal')).toHaveLength(1);
  });

  it('changes the page size and starts again at page 1', async () => {
    const net = withLoginLog();
    const { router } = renderApp('/log/loginLog?page=2');
    await findCell('alice');
    const pager = document.querySelector<HTMLElement>('.ant-pagination')!;
    fireEvent.mouseDown(within(pager).getByRole('combobox'));
    fireEvent.click(await screen.findByText('50 / page'));
    await waitFor(() =>
      expect(queryOf(last(net.callsTo('/log/getLoginLogList')))).toEqual({
        account: '',
        page: '1',
        rows: '50',
      }),
    );
    expect(router.state.location.search).toEqual({ rows: 50 });
  });

  it('resets the filter and page but keeps the page size', async () => {
    const net = withLoginLog();
    const { router } = renderApp('/log/loginLog?account=bob&page=2&rows=50');
    await findCell('bob');
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ rows: 50 }));
    expect(queryOf(last(net.callsTo('/log/getLoginLogList')))).toEqual({
      account: '',
      page: '1',
      rows: '50',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Account').value).toBe('');
  });

  it('says when nothing matches', async () => {
    withLoginLog({
      routes: {
        '/log/getLoginLogList': [{ code: 0, data: { list: [] } }],
        '/log/getLoginLogTotal': [{ code: 0, data: { total: 0 } }],
      },
    });
    renderApp('/log/loginLog?account=ghost');
    expect(
      await screen.findByText('No login attempt matches these filters', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('offers a retry when the log fails to load, keeping the filters', async () => {
    const net = withLoginLog({
      routes: {
        '/log/getLoginLogList': [
          { code: 2, message: 'Database is down', reason: 'internal_error' },
          { code: 0, data: { list: [attempt(3, 'erin')] } },
        ],
      },
    });
    renderApp('/log/loginLog');
    expect(await screen.findByText('Could not load the log', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText('Account')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await findCell('erin')).toBeTruthy();
    expect(net.callsTo('/log/getLoginLogList')).toHaveLength(2);
  });

  it('opens the first log the user may read from /log', async () => {
    withLoginLog({ permissionIds: [Perm.ShowOperationLogPage] });
    const { router } = renderApp('/log');
    await waitFor(() => expect(router.state.location.pathname).toBe('/log/operationLog'));
  });

  it('opens the login log from /log when the user may read it', async () => {
    withLoginLog();
    const { router } = renderApp('/log');
    await waitFor(() => expect(router.state.location.pathname).toBe('/log/loginLog'));
  });

  it('answers 403 without the login log permission', async () => {
    const net = withLoginLog({ permissionIds: [Perm.ShowOperationLogPage] });
    const { router } = renderApp('/log/loginLog');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(net.callsTo('/log/getLoginLogList')).toHaveLength(0);
  });
});
