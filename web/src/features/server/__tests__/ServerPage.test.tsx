import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuItem, openRowMenu } from '../../../test/openRowMenu';
import { renderApp } from '../../../test/renderApp';
import { FP_NEW, FP_OLD, serverRow } from './serverRows';
import { buttonIn, dialogTitled, rowOf, withServers } from './serverSetup';

const SERVERS = [
  serverRow(1, 'web-1', {
    description: 'Front web server',
    owner: 'root',
    ip: '192.168.1.10',
    osInfo: 'Debian GNU/Linux 12 (bookworm)|2|24536692',
    fingerprint: FP_OLD,
    lastCheckTime: '2026-02-01 10:00:00',
  }),
  serverRow(2, 'db-1', {
    namespaceId: 0,
    authType: 'consoleKey',
    hasPassword: false,
    jumpIP: 'bastion.example.com',
    jumpOwner: 'hop',
    jumpPort: 2222,
    lastCheckTime: '2026-02-01 11:00:00',
    lastCheckError: 'connect ECONNREFUSED 10.0.0.2:22',
  }),
  serverRow(3, 'old-box', { state: 0, authType: 'key', hasPassword: false, hasPrivateKey: true }),
];

/** Waits for the list to show the server named `name`. */
const findRow = (name: string) =>
  screen.findByText(name, { selector: 'td strong' }, { timeout: 5000 });

describe('ServerPage', () => {
  it('lists the servers with address, jump host, shared tag, login, system and checks', async () => {
    const net = withServers({ list: SERVERS });
    renderApp('/server/index');
    await findRow('web-1');
    expect(net.callsTo('/server/getList')[0]?.method).toBe('GET');
    const web = rowOf('web-1');
    expect(web.getByText('Front web server')).toBeTruthy();
    expect(web.getByText('root@192.168.1.10:22')).toBeTruthy();
    expect(web.getByText('Debian GNU/Linux 12 (bookworm) · 2 CPU · 23.4 GiB')).toBeTruthy();
    expect(web.getByText('Password')).toBeTruthy();
    expect(web.getByText('SHA256:oldoldoldold…')).toBeTruthy();
    expect(web.getByText('2026-02-01 10:00:00')).toBeTruthy();
    expect(web.getByText('OK')).toBeTruthy();
    expect(web.queryByText('Shared')).toBeNull();

    const db = rowOf('db-1');
    expect(db.getByText('Shared')).toBeTruthy();
    expect(db.getByText('via hop@bastion.example.com:2222')).toBeTruthy();
    expect(db.getByText('Console key')).toBeTruthy();
    expect(db.getByLabelText('Failed: connect ECONNREFUSED 10.0.0.2:22')).toBeTruthy();
    expect(rowOf('old-box').getByText('Never')).toBeTruthy();
    expect(screen.getByText('Total: 3')).toBeTruthy();
  });

  it('filters by name, by address and by state', async () => {
    withServers({ list: SERVERS });
    renderApp('/server/index');
    await findRow('web-1');
    const visible = () =>
      screen.queryAllByText(/./, { selector: 'td strong' }).map((e) => e.textContent);

    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), {
      target: { value: 'WEB' },
    });
    expect(visible()).toEqual(['web-1']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), {
      target: { value: '' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by address' }), {
      target: { value: 'bastion' },
    });
    expect(visible()).toEqual(['db-1']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by address' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Disabled' }));
    expect(visible()).toEqual(['old-box']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), {
      target: { value: 'web' },
    });
    expect(screen.getByText('No server matches the filters')).toBeTruthy();
    expect(buttonIn(screen, 'Add server')).toBeTruthy();
  });

  it('refreshes the list', async () => {
    const net = withServers({ list: SERVERS });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(screen.getByLabelText('Refresh'));
    await waitFor(() => expect(net.callsTo('/server/getList')).toHaveLength(2));
  });

  it('invites to add the first server when there is none', async () => {
    withServers({ list: [] });
    renderApp('/server/index');
    expect(await screen.findByText('No servers yet', {}, { timeout: 5000 })).toBeTruthy();
    const adds = screen.getAllByText('Add server').map((e) => e.closest('button'));
    expect(adds).toHaveLength(2);
    fireEvent.click(adds[1]!);
    expect(await screen.findByText('Add a server')).toBeTruthy();
  });

  it('offers a retry when the list fails to load', async () => {
    const net = withServers({
      routes: {
        '/server/getList': [
          { code: 2, message: 'Database is down', reason: 'internal_error' },
          { code: 0, data: { list: SERVERS } },
        ],
      },
    });
    renderApp('/server/index');
    expect(
      await screen.findByText('Could not load the servers', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await findRow('web-1')).toBeTruthy();
    expect(net.callsTo('/server/getList')).toHaveLength(2);
  });

  it('hides every change from members who may only look', async () => {
    withServers({ list: SERVERS, superManager: 0, permissionIds: [Perm.ShowServerPage] });
    renderApp('/server/index');
    await findRow('web-1');
    for (const text of ['Add server', 'Import CSV', 'Console public key', 'Edit', 'Check']) {
      expect(screen.queryByText(text), text).toBeNull();
    }
    // Only the projects of a server, under More.
    const menu = await openRowMenu('web-1');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Projects']);
    expect(document.querySelector('[role="switch"]')).toBeNull();
    expect(rowOf('old-box').getByText('Disabled')).toBeTruthy();
  });

  it('shows each button to those holding its permission', async () => {
    withServers({
      list: SERVERS,
      superManager: 0,
      permissionIds: [Perm.ShowServerPage, Perm.EditServer, Perm.ImportCSV],
    });
    renderApp('/server/index');
    await findRow('web-1');
    expect(screen.queryByText('Add server')).toBeNull();
    expect(buttonIn(screen, 'Import CSV')).toBeTruthy();
    expect(buttonIn(screen, 'Console public key')).toBeTruthy();
    expect(buttonIn(rowOf('web-1'), 'Edit')).toBeTruthy();
    expect(rowOf('web-1').queryByText('Terminal')).toBeNull();
    const dbMenu = await openRowMenu('db-1');
    expect(menuItem(dbMenu, 'Check')).toBeTruthy();
    expect(dbMenu.queryByText('Install key')).toBeNull();
    const webMenu = await openRowMenu('web-1');
    expect(menuItem(webMenu, 'Check')).toBeTruthy();
    expect(menuItem(webMenu, 'Install key')).toBeTruthy();
    expect(webMenu.queryByText('Copy')).toBeNull();
    expect(rowOf('web-1').queryByText('Copy')).toBeNull();
    expect(document.querySelector('[role="switch"]')).toBeNull();
  });

  it('disables a server after a confirmation, and enables one at once', async () => {
    const net = withServers({ list: SERVERS, routes: { '/server/toggle': [{ code: 0 }] } });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(rowOf('web-1').getByRole('switch', { name: 'web-1 enabled' }));
    const confirm = dialogTitled('Disable web-1?');
    expect(confirm.getByText(/This action will disable the web-1, continue\?/)).toBeTruthy();
    expect(net.callsTo('/server/toggle')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(net.callsTo('/server/toggle')).toHaveLength(1));
    expect(net.callsTo('/server/toggle')[0]).toMatchObject({
      method: 'PUT',
      body: { id: 1, state: 0 },
    });
    expect(await screen.findByText('web-1 disabled')).toBeTruthy();

    fireEvent.click(rowOf('old-box').getByRole('switch', { name: 'old-box enabled' }));
    await waitFor(() => expect(net.callsTo('/server/toggle')).toHaveLength(2));
    expect(net.callsTo('/server/toggle')[1]?.body).toEqual({ id: 3, state: 1 });
    expect(await screen.findByText('old-box enabled')).toBeTruthy();
  });

  it('warns about a changed host key and accepts it after a security confirmation', async () => {
    const changed = serverRow(5, 'cache-1', { fingerprint: FP_OLD, pendingFingerprint: FP_NEW });
    const net = withServers({
      list: [...SERVERS, changed],
      routes: {
        '/server/acceptHostKey': [{ code: 0, data: { fingerprint: FP_NEW, jumpFingerprint: '' } }],
      },
    });
    renderApp('/server/index');
    await findRow('cache-1');
    expect(screen.getByText('1 server presented a different host key')).toBeTruthy();
    const banner = within(screen.getByRole('alert'));
    expect(banner.getByText(FP_OLD)).toBeTruthy();
    expect(banner.getByText(FP_NEW)).toBeTruthy();
    expect(banner.getByText(/The host key changed/).textContent).toBe(
      `The host key changed: expected ${FP_OLD}, the server presented ${FP_NEW}`,
    );
    expect(rowOf('cache-1').getByText('Host key changed')).toBeTruthy();
    expect(rowOf('web-1').queryByText('Host key changed')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Accept new key of cache-1' }));
    const confirm = dialogTitled('Accept the new host key of cache-1?');
    expect(
      confirm.getByText(/only if the server was reinstalled or its SSH keys were rotated/),
    ).toBeTruthy();
    expect(confirm.getByText(new RegExp(FP_NEW))).toBeTruthy();
    expect(net.callsTo('/server/acceptHostKey')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Accept new key' }));
    await waitFor(() => expect(net.callsTo('/server/acceptHostKey')).toHaveLength(1));
    expect(net.callsTo('/server/acceptHostKey')[0]?.body).toEqual({ id: 5 });
    expect(await screen.findByText('The new host key of cache-1 is trusted')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/server/getList')).toHaveLength(2));
  });

  it('shows a changed jump host key, without the accept button to those who may not edit', async () => {
    const changed = serverRow(6, 'behind-hop', {
      jumpIP: 'hop',
      jumpOwner: 'j',
      jumpFingerprint: FP_OLD,
      pendingJumpFingerprint: FP_NEW,
    });
    withServers({ list: [changed], superManager: 0, permissionIds: [Perm.ShowServerPage] });
    renderApp('/server/index');
    await findRow('behind-hop');
    const banner = within(screen.getByRole('alert'));
    expect(banner.getByText(/The jump host's key changed/).textContent).toBe(
      `The jump host's key changed: expected ${FP_OLD}, the jump host presented ${FP_NEW}`,
    );
    expect(banner.queryByRole('button')).toBeNull();
  });
});
