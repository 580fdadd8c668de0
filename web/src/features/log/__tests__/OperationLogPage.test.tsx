import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { findCell } from '../../../test/findCell';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

const REQUEST = { id: 8, name: 'Bob', password: '***', _query: {} };
const RESPONSE = { code: 0, message: '', data: null };

const LOGS = [
  {
    id: 12,
    namespaceID: 1,
    userID: 5,
    username: 'Myself',
    router: '/member/index',
    api: '/user/edit',
    requestTime: '2026-01-02 10:00:00',
    requestData: JSON.stringify(REQUEST),
    responseTime: '2026-01-02 10:00:03',
    responseData: JSON.stringify(RESPONSE),
  },
  {
    id: 11,
    namespaceID: 1,
    userID: 5,
    username: 'Myself',
    router: '/member/index',
    api: '/user/add',
    requestTime: '2026-01-02 09:00:00',
    requestData: '{"account":"dave","name":"Da…[truncated]',
    responseTime: '2026-01-02 09:00:00',
    responseData: JSON.stringify({ code: 10003, message: 'contact must be 11 digits' }),
  },
];

/** Logged in with the operation log, which answers `LOGS`. */
function withOperationLog(superManager: 0 | 1 = 0) {
  return loggedIn({
    permissionIds: [Perm.ShowOperationLogPage],
    superManager,
    routes: {
      '/log/getOperationLogList': [{ code: 0, data: { list: LOGS } }],
      '/log/getOperationLogTotal': [{ code: 0, data: { total: 2 } }],
    },
  });
}

const rowOf = (api: string) => within(screen.getByText(api, { selector: 'td' }).closest('tr')!);

describe('OperationLogPage', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'isSecureContext');
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('lists changes with their answer code and duration', async () => {
    const net = withOperationLog();
    renderApp('/log/operationLog');
    await findCell('/user/edit');
    expect(queryOf(net.callsTo('/log/getOperationLogList')[0])).toEqual({
      username: '',
      router: '',
      api: '',
      page: '1',
      rows: '20',
    });
    // Codes read as words, the number on hover; the page by its menu name.
    expect(rowOf('/user/edit').getByText('OK').closest('.ant-tag-success')).toBeTruthy();
    expect(rowOf('/user/edit').getByText('Members')).toBeTruthy();
    expect(rowOf('/user/edit').getByText('3 s')).toBeTruthy();
    const invalid = rowOf('/user/add').getByText('Invalid parameter');
    expect(invalid.closest('.ant-tag-error')).toBeTruthy();
    fireEvent.mouseEnter(invalid);
    expect(await screen.findByText('Code 10003')).toBeTruthy();
    expect(rowOf('/user/add').getByText('< 1 s')).toBeTruthy();
    expect(screen.getByText(/in this namespace/)).toBeTruthy();
  });

  it('tells a super manager the log covers every namespace', async () => {
    withOperationLog(1);
    renderApp('/log/operationLog');
    await findCell('/user/edit');
    expect(screen.getByText(/in every namespace/)).toBeTruthy();
  });

  it('sends the member, page and API filters and keeps them in the address', async () => {
    const net = withOperationLog();
    const { router } = renderApp('/log/operationLog?page=2&rows=10');
    await findCell('/user/edit');
    expect(queryOf(net.callsTo('/log/getOperationLogList')[0])).toMatchObject({
      page: '2',
      rows: '10',
    });
    fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'Myself' } });
    fireEvent.change(screen.getByLabelText('Page'), { target: { value: '/member/index' } });
    fireEvent.change(screen.getByLabelText('API'), { target: { value: ' /user/edit ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));

    await waitFor(() =>
      expect(queryOf(net.callsTo('/log/getOperationLogList').at(-1))).toEqual({
        username: 'Myself',
        router: '/member/index',
        api: '/user/edit',
        page: '1',
        rows: '10',
      }),
    );
    expect(queryOf(net.callsTo('/log/getOperationLogTotal').at(-1))).toEqual({
      username: 'Myself',
      router: '/member/index',
      api: '/user/edit',
    });
    expect(router.state.location.search).toEqual({
      username: 'Myself',
      router: '/member/index',
      api: '/user/edit',
      rows: 10,
    });
  });

  it('restores the filters from the address', async () => {
    const net = withOperationLog();
    renderApp('/log/operationLog?api=%2Fuser%2Fadd&page=4');
    await findCell('/user/edit');
    expect(queryOf(net.callsTo('/log/getOperationLogList')[0])).toEqual({
      username: '',
      router: '',
      api: '/user/add',
      page: '4',
      rows: '20',
    });
    expect(screen.getByLabelText<HTMLInputElement>('API').value).toBe('/user/add');
  });

  it('shows the request and response pretty-printed in the details', async () => {
    withOperationLog();
    renderApp('/log/operationLog');
    await findCell('/user/edit');
    fireEvent.click(rowOf('/user/edit').getByText('Details'));

    const request = await screen.findByRole('region', { name: 'Request' });
    expect(request.querySelector('pre')?.textContent).toBe(JSON.stringify(REQUEST, null, 2));
    const response = screen.getByRole('region', { name: 'Response' });
    expect(response.querySelector('pre')?.textContent).toBe(JSON.stringify(RESPONSE, null, 2));

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(response).getByRole('button', { name: 'Copy the response' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(JSON.stringify(RESPONSE, null, 2)));
    expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();
    fireEvent.click(within(request).getByRole('button', { name: 'Copy the request' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenLastCalledWith(JSON.stringify(REQUEST, null, 2)),
    );
  });

  it('shows a stored text that is not JSON as it is', async () => {
    withOperationLog();
    renderApp('/log/operationLog');
    await findCell('/user/add');
    fireEvent.click(rowOf('/user/add').getByText('Details'));

    const request = await screen.findByRole('region', { name: 'Request' });
    expect(request.querySelector('pre')?.textContent).toBe(
      '{"account":"dave","name":"Da…[truncated]',
    );
    expect(within(request).getByText('Not JSON: shown as stored')).toBeTruthy();
  });
});
