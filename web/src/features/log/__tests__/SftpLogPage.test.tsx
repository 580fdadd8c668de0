import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { findCell } from '../../../test/findCell';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';
import { validateSftpLogSearch } from '../utils/sftpLogSearch';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
const row = (over: object) => ({
  id: 1,
  namespaceID: 1,
  userID: 5,
  username: 'Myself',
  serverID: 3,
  serverName: 'web-1',
  remoteAddr: '10.0.0.7',
  userAgent: UA,
  type: 'UPLOAD',
  path: '/srv/www/index.html',
  reason: '',
  state: 1,
  detail: '2.1 KiB',
  insertTime: '2026-01-02 10:00:00',
  ...over,
});

const ROWS = [
  row({}),
  row({
    id: 2,
    username: 'Bob',
    serverName: 'db-1',
    type: 'DELETE',
    path: '/var/lib/data',
    state: 0,
    reason: 'directory not empty',
    detail: '',
  }),
];

function withSftpLog() {
  return loggedIn({
    permissionIds: [Perm.ShowSFTPLogPage],
    routes: {
      '/log/getSftpLogList': [{ code: 0, data: { list: ROWS } }],
      '/log/getSftpLogTotal': [{ code: 0, data: { total: 2 } }],
    },
  });
}

const rowOf = (path: string) => within(screen.getByText(path).closest('tr')!);

describe('SftpLogPage', () => {
  it('lists each action with its path, its result and where it came from', async () => {
    const net = withSftpLog();
    renderApp('/log/sftpLog');
    await findCell('web-1');
    expect(queryOf(net.callsTo('/log/getSftpLogList')[0])).toEqual({ page: '1', rows: '20' });
    expect(rowOf('/srv/www/index.html').getByText('Upload').closest('.ant-tag')).toBeTruthy();
    expect(rowOf('/srv/www/index.html').getByText('OK')).toBeTruthy();
    expect(rowOf('/srv/www/index.html').getByText('10.0.0.7')).toBeTruthy();
    expect(rowOf('/var/lib/data').getByText('Delete')).toBeTruthy();
    expect(rowOf('/var/lib/data').getByText('Failed')).toBeTruthy();
    expect(rowOf('/var/lib/data').getByText('directory not empty')).toBeTruthy();
    expect(screen.getByText('Total: 2')).toBeTruthy();
  });

  it('reads the filters from the address and sends them', async () => {
    const net = withSftpLog();
    renderApp('/log/sftpLog?username=Bob&type=delete&rows=50');
    await findCell('web-1');
    expect(queryOf(net.callsTo('/log/getSftpLogList').at(-1))).toEqual({
      username: 'Bob',
      type: 'DELETE',
      page: '1',
      rows: '50',
    });
    expect(queryOf(net.callsTo('/log/getSftpLogTotal').at(-1))).toEqual({
      username: 'Bob',
      type: 'DELETE',
    });
  });

  it('keeps typed filters in the address', async () => {
    const net = withSftpLog();
    const { router } = renderApp('/log/sftpLog');
    await findCell('web-1');
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: 'db-1' } });
    fireEvent.click(screen.getByText('Search').closest('button')!);
    await waitFor(() =>
      expect(queryOf(net.callsTo('/log/getSftpLogList').at(-1))).toEqual({
        serverName: 'db-1',
        page: '1',
        rows: '20',
      }),
    );
    expect(router.state.location.search).toEqual({ serverName: 'db-1' });
  });
});

describe('the address of the SFTP log', () => {
  it('keeps known actions and drops the rest', () => {
    expect(validateSftpLogSearch({ type: 'transfer', page: '2' })).toEqual({
      type: 'TRANSFER',
      page: 2,
    });
    expect(validateSftpLogSearch({ type: 'FORMAT', username: ' ' })).toEqual({});
  });
});
