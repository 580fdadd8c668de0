import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buttonIn, fieldById, typeInto } from './serverSetup';
import { chooseAuth, fillTarget, openAdd, TARGET, toggleJump } from './serverFormSetup';

describe('server form: adding', () => {
  it('opens in a drawer whose buttons stay in its fixed footer', async () => {
    await openAdd();
    const footer = document.querySelector<HTMLElement>('.ant-drawer .ant-drawer-footer');
    expect(footer).toBeTruthy();
    expect(buttonIn(within(footer as HTMLElement), 'Add')).toBeTruthy();
    expect(buttonIn(within(footer as HTMLElement), 'Cancel')).toBeTruthy();
    expect(footer?.querySelector('#name')).toBeNull();
  });

  it('adds a server that logs in with a password', async () => {
    const { net, dialog } = await openAdd();
    fillTarget();
    typeInto('password', 'pa ss');
    fireEvent.click(buttonIn(dialog, 'Add'));
    await waitFor(() => expect(net.callsTo('/server/add')).toHaveLength(1));
    expect(net.callsTo('/server/add')[0]).toMatchObject({
      method: 'POST',
      body: { ...TARGET, authType: 'password', password: 'pa ss' },
    });
    expect(await screen.findByText('Server app-1 added')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/server/getList')).toHaveLength(2));
  });

  it('adds a server with a pasted private key and sends no empty passphrase', async () => {
    const { net, dialog } = await openAdd();
    fillTarget();
    await chooseAuth(dialog, 'Private key');
    fireEvent.click(buttonIn(dialog, 'Add'));
    expect(await dialog.findByText('Paste the private key or load it from a file')).toBeTruthy();
    typeInto('privateKey', '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n');
    fireEvent.click(buttonIn(dialog, 'Add'));
    await waitFor(() => expect(net.callsTo('/server/add')).toHaveLength(1));
    expect(net.callsTo('/server/add')[0]?.body).toEqual({
      ...TARGET,
      authType: 'key',
      privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n',
    });
  });

  it('reads a private key file into the form', async () => {
    const { net, dialog } = await openAdd();
    fillTarget();
    await chooseAuth(dialog, 'Private key');
    const input = dialog
      .getByText('Load from a file')
      .closest('span.ant-upload')
      ?.querySelector('input');
    const file = new File(['-----BEGIN OPENSSH PRIVATE KEY-----\nfromfile\n'], 'id_ed25519');
    fireEvent.change(input!, { target: { files: [file] } });
    await waitFor(() =>
      expect(fieldById<HTMLTextAreaElement>('privateKey').value).toBe(
        '-----BEGIN OPENSSH PRIVATE KEY-----\nfromfile',
      ),
    );
    typeInto('passphrase', 'phrase');
    fireEvent.click(buttonIn(dialog, 'Add'));
    await waitFor(() => expect(net.callsTo('/server/add')).toHaveLength(1));
    expect(net.callsTo('/server/add')[0]?.body).toMatchObject({
      authType: 'key',
      privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nfromfile',
      passphrase: 'phrase',
    });
  });

  it('adds a server with a key file on the console host', async () => {
    const { net, dialog } = await openAdd();
    fillTarget();
    await chooseAuth(dialog, 'Key file on the console host');
    fireEvent.click(buttonIn(dialog, 'Add'));
    expect(await dialog.findByText('Enter the path of the key file')).toBeTruthy();
    typeInto('path', ' /keys/app ');
    fireEvent.click(buttonIn(dialog, 'Add'));
    await waitFor(() => expect(net.callsTo('/server/add')).toHaveLength(1));
    expect(net.callsTo('/server/add')[0]?.body).toEqual({
      ...TARGET,
      authType: 'keyFile',
      path: '/keys/app',
    });
  });

  it('adds a server on the console key, showing the key to authorise', async () => {
    const { net, dialog } = await openAdd();
    fillTarget();
    await chooseAuth(dialog, 'Console key');
    expect(await dialog.findByLabelText('Console public key')).toBeTruthy();
    fireEvent.click(buttonIn(dialog, 'Add'));
    await waitFor(() => expect(net.callsTo('/server/add')).toHaveLength(1));
    expect(net.callsTo('/server/add')[0]?.body).toEqual({ ...TARGET, authType: 'consoleKey' });
  });

  it('adds a server behind a jump host', async () => {
    const { net, dialog } = await openAdd();
    fillTarget();
    typeInto('password', 'pw');
    await toggleJump(dialog);
    fireEvent.click(buttonIn(dialog, 'Add'));
    expect(await dialog.findByText('Enter the login user')).toBeTruthy();
    typeInto('jumpIP', 'bastion.example.com');
    typeInto('jumpOwner', 'hop');
    await chooseAuth(dialog, 'Console key', 1);
    fireEvent.click(buttonIn(dialog, 'Add'));
    await waitFor(() => expect(net.callsTo('/server/add')).toHaveLength(1));
    expect(net.callsTo('/server/add')[0]?.body).toEqual({
      ...TARGET,
      authType: 'password',
      password: 'pw',
      jumpIP: 'bastion.example.com',
      jumpPort: 22,
      jumpOwner: 'hop',
      jumpAuthType: 'consoleKey',
    });
  });

  it('checks the host and port in the browser before sending', async () => {
    const { net, dialog } = await openAdd();
    fillTarget();
    typeInto('password', 'pw');
    typeInto('ip', '-oProxyCommand=x');
    typeInto('port', '');
    fireEvent.click(buttonIn(dialog, 'Add'));
    expect(await dialog.findByText('Enter an IP address or a host name')).toBeTruthy();
    expect(await dialog.findByText('Enter a port from 1 to 65535')).toBeTruthy();
    expect(net.callsTo('/server/add')).toHaveLength(0);
  });

  it('puts a refused field on the form field', async () => {
    const { net, dialog } = await openAdd({
      '/server/add': [
        {
          code: 10003,
          message: 'ip must be an IP address or a host name',
          reason: 'invalid_parameter',
        },
      ],
    });
    fillTarget();
    typeInto('password', 'pw');
    fireEvent.click(buttonIn(dialog, 'Add'));
    await waitFor(() => expect(net.callsTo('/server/add')).toHaveLength(1));
    const item = fieldById('ip').closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText('must be an IP address or a host name')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('lets a super manager share a server with every namespace', async () => {
    const { net, dialog } = await openAdd();
    fillTarget();
    typeInto('password', 'pw');
    fireEvent.mouseDown(fieldById('namespaceId'));
    fireEvent.click(
      await screen.findByText('Shared by every namespace', {
        selector: '.ant-select-item-option-content',
      }),
    );
    fireEvent.click(buttonIn(dialog, 'Add'));
    await waitFor(() => expect(net.callsTo('/server/add')).toHaveLength(1));
    expect(net.callsTo('/server/add')[0]?.body).toMatchObject({ namespaceId: 0 });
  });

  it('keeps others’ servers in their namespace', async () => {
    const { dialog } = await openAdd({}, 0);
    expect(dialog.getByText('This namespace (default)')).toBeTruthy();
    expect(fieldById('namespaceId').closest('.ant-select-disabled')).toBeTruthy();
  });
});
