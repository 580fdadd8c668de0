import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuItem, openRowMenu } from '../../../test/openRowMenu';
import { renderApp } from '../../../test/renderApp';
import { FP_NEW, serverRow } from './serverRows';
import { buttonIn, dialogTitled, fieldById, PUBLIC_KEY, withServers } from './serverSetup';

const WEB = serverRow(1, 'web-1', { owner: 'root', ip: '192.168.1.10' });

const findRow = (name: string) =>
  screen.findByText(name, { selector: 'td strong' }, { timeout: 5000 });

describe('server dialogs', () => {
  it('checks a stored server from its row and shows latency, system and host key', async () => {
    const net = withServers({
      list: [WEB],
      routes: {
        '/server/check': [
          {
            code: 0,
            data: {
              latencyMs: 42,
              osInfo: 'Ubuntu 24.04 LTS|4|8000000',
              fingerprint: FP_NEW,
              jumpFingerprint: '',
            },
          },
        ],
      },
    });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(menuItem(await openRowMenu('web-1'), 'Check'));
    const dialog = dialogTitled('Connection to web-1');
    expect(await dialog.findByText('Connected in 42 ms')).toBeTruthy();
    expect(dialog.getByText('Ubuntu 24.04 LTS · 4 CPU · 7.6 GiB')).toBeTruthy();
    expect(dialog.getByLabelText(FP_NEW)).toBeTruthy();
    expect(net.callsTo('/server/check')[0]?.body).toEqual({
      id: 1,
      ip: '192.168.1.10',
      port: 22,
      owner: 'root',
      authType: 'password',
      password: '',
      jumpIP: '',
      jumpPort: 0,
      jumpOwner: '',
    });
    // The check is recorded on the server: the list shows it.
    await waitFor(() => expect(net.callsTo('/server/getList')).toHaveLength(2));
  });

  it('shows a failed check translated, with the server’s words, and checks again', async () => {
    const net = withServers({
      list: [WEB],
      routes: {
        '/server/check': [
          {
            code: 2,
            message: 'Connection refused by 192.168.1.10:22',
            reason: 'ssh_refused',
          },
          {
            code: 2,
            message: 'Host key of 192.168.1.10 does not match',
            reason: 'ssh_host_key_changed',
          },
        ],
      },
    });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(menuItem(await openRowMenu('web-1'), 'Check'));
    const dialog = dialogTitled('Connection to web-1');
    expect(
      await dialog.findByText('The server refused the connection: is SSH listening on that port?'),
    ).toBeTruthy();
    expect(dialog.getByText('Connection refused by 192.168.1.10:22')).toBeTruthy();
    // Shown in the dialog, not as a toast as well.
    expect(
      screen.getAllByText('The server refused the connection: is SSH listening on that port?'),
    ).toHaveLength(1);
    fireEvent.click(buttonIn(dialog, 'Check again'));
    expect(
      await dialog.findByText(
        /The server or its jump host presented a different host key: connections are refused/,
      ),
    ).toBeTruthy();
    expect(net.callsTo('/server/check')).toHaveLength(2);
  });

  it('installs the console key with a password used once', async () => {
    const net = withServers({
      list: [WEB],
      routes: {
        '/server/installPublicKey': [
          { code: 2, message: 'Permission denied (password)', reason: 'ssh_auth' },
          { code: 0, data: { installed: true } },
        ],
      },
    });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(menuItem(await openRowMenu('web-1'), 'Install key'));
    const dialog = dialogTitled('Install the console key on web-1');
    expect(
      dialog.getByText(/appends the console public key to ~\/.ssh\/authorized_keys/),
    ).toBeTruthy();
    expect(dialog.getByText(/root@192.168.1.10:22/)).toBeTruthy();
    expect(
      dialog.getByText('The password is used for this one login and is not stored.'),
    ).toBeTruthy();

    fireEvent.click(buttonIn(dialog, 'Install'));
    expect(await dialog.findByText('Enter the login password')).toBeTruthy();
    expect(net.callsTo('/server/installPublicKey')).toHaveLength(0);

    fireEvent.change(fieldById('password'), { target: { value: 'wrong' } });
    fireEvent.click(buttonIn(dialog, 'Install'));
    expect(
      await dialog.findByText(
        'The server did not accept the login: check the user and the password or key',
      ),
    ).toBeTruthy();
    expect(dialog.getByText('Permission denied (password)')).toBeTruthy();

    fireEvent.change(fieldById('password'), { target: { value: 's3cret' } });
    fireEvent.click(buttonIn(dialog, 'Install'));
    expect(await screen.findByText('web-1 now logs in with the console key')).toBeTruthy();
    expect(net.callsTo('/server/installPublicKey')[1]).toMatchObject({
      method: 'POST',
      body: { id: 1, password: 's3cret' },
    });
  });

  it('shows the console public key and the command that authorises it', async () => {
    withServers({ list: [WEB] });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(buttonIn(screen, 'Console public key'));
    const dialog = dialogTitled('Console public key');
    expect(await dialog.findByText('Authorise it on a server')).toBeTruthy();
    expect(dialog.getByLabelText('Console public key').textContent).toBe(PUBLIC_KEY);
    expect(dialog.getByLabelText('Command that authorises the key').textContent).toBe(
      `mkdir -p ~/.ssh && echo '${PUBLIC_KEY}' >> ~/.ssh/authorized_keys && chmod 600 ~/.ssh/authorized_keys`,
    );
    expect(dialog.getByLabelText('Copy the command')).toBeTruthy();
  });

  it('says so when the console has no public key', async () => {
    withServers({
      list: [WEB],
      routes: {
        '/server/getPublicKey': [
          { code: 2, message: 'No console key is configured', reason: 'no_console_key' },
        ],
      },
    });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(buttonIn(screen, 'Console public key'));
    const dialog = dialogTitled('Console public key');
    expect(await dialog.findByText('Could not load the console public key')).toBeTruthy();
    expect(dialog.getByText('No console key is configured')).toBeTruthy();
    expect(dialog.queryByText('Authorise it on a server')).toBeNull();
  });
});
