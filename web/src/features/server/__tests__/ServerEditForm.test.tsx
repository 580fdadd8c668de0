import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuItem, openRowMenu } from '../../../test/openRowMenu';
import { renderApp } from '../../../test/renderApp';
import { FP_NEW } from './serverRows';
import { ADDED, fillTarget, findRow, KEYED, openAdd, toggleJump, WEB } from './serverFormSetup';
import { buttonIn, dialogTitled, fieldById, rowOf, typeInto, withServers } from './serverSetup';

describe('server form: editing, copying and testing', () => {
  it('edits a server and sends empty secrets when they are left untouched', async () => {
    const net = withServers({ list: [WEB, KEYED], routes: { '/server/edit': [{ code: 0 }] } });
    renderApp('/server/index');
    await findRow('api-1');
    fireEvent.click(buttonIn(rowOf('api-1'), 'Edit'));
    const dialog = dialogTitled('Edit api-1');
    expect(fieldById<HTMLTextAreaElement>('privateKey').value).toBe('');
    expect(fieldById<HTMLTextAreaElement>('privateKey').placeholder).toBe(
      'Unchanged (leave empty to keep)',
    );
    expect(fieldById('jumpIP').value).toBe('bastion.example.com');
    expect(dialog.getAllByText('Stored')).toHaveLength(3);
    typeInto('name', 'api-one');
    fireEvent.click(buttonIn(dialog, 'Save'));
    await waitFor(() => expect(net.callsTo('/server/edit')).toHaveLength(1));
    expect(net.callsTo('/server/edit')[0]).toMatchObject({ method: 'PUT' });
    expect(net.callsTo('/server/edit')[0]?.body).toEqual({
      id: 2,
      name: 'api-one',
      namespaceId: 1,
      os: 'linux',
      description: '',
      ip: '10.0.0.2',
      port: 22,
      owner: 'deploy',
      authType: 'key',
      privateKey: '',
      passphrase: '',
      jumpIP: 'bastion.example.com',
      jumpPort: 2222,
      jumpOwner: 'hop',
      jumpAuthType: 'password',
      jumpPassword: '',
    });
    expect(await screen.findByText('Changes to api-one saved')).toBeTruthy();
  });

  it('asks for the password again once the address changes', async () => {
    const net = withServers({ list: [WEB], routes: { '/server/edit': [{ code: 0 }] } });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(buttonIn(rowOf('web-1'), 'Edit'));
    const dialog = dialogTitled('Edit web-1');
    expect(dialog.getByText('Stored')).toBeTruthy();
    typeInto('ip', '203.0.113.7');
    expect(await dialog.findByText(/The address changed: type the password again/)).toBeTruthy();
    expect(dialog.queryByText('Stored')).toBeNull();
    fireEvent.click(buttonIn(dialog, 'Save'));
    expect(await dialog.findByText('Enter the password')).toBeTruthy();
    expect(net.callsTo('/server/edit')).toHaveLength(0);
    typeInto('password', 'new-pw');
    fireEvent.click(buttonIn(dialog, 'Save'));
    await waitFor(() => expect(net.callsTo('/server/edit')).toHaveLength(1));
    expect(net.callsTo('/server/edit')[0]?.body).toMatchObject({
      ip: '203.0.113.7',
      password: 'new-pw',
    });
  });

  it('shows the server’s refusal of a field it checks itself', async () => {
    const net = withServers({
      list: [WEB],
      routes: {
        '/server/edit': [
          {
            code: 10003,
            message: 'password is required for password login',
            reason: 'invalid_parameter',
          },
        ],
      },
    });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(buttonIn(rowOf('web-1'), 'Edit'));
    const dialog = dialogTitled('Edit web-1');
    fireEvent.click(buttonIn(dialog, 'Save'));
    await waitFor(() => expect(net.callsTo('/server/edit')).toHaveLength(1));
    const item = fieldById('password').closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText('is required for password login')).toBeTruthy();
  });

  it('removes the jump host when it is switched off', async () => {
    const net = withServers({ list: [KEYED], routes: { '/server/edit': [{ code: 0 }] } });
    renderApp('/server/index');
    await findRow('api-1');
    fireEvent.click(buttonIn(rowOf('api-1'), 'Edit'));
    const dialog = dialogTitled('Edit api-1');
    await toggleJump(dialog);
    fireEvent.click(buttonIn(dialog, 'Save'));
    await waitFor(() => expect(net.callsTo('/server/edit')).toHaveLength(1));
    const body = net.callsTo('/server/edit')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ jumpIP: '', jumpPort: 0, jumpOwner: '' });
    expect(body).not.toHaveProperty('jumpPassword');
  });

  it('copies a server into a new one with “ copy” and no secrets', async () => {
    const net = withServers({ list: [WEB], routes: ADDED });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(menuItem(await openRowMenu('web-1'), 'Copy'));
    const dialog = dialogTitled('Add a copy of web-1');
    expect(fieldById('name').value).toBe('web-1 copy');
    expect(fieldById('ip').value).toBe('192.168.1.10');
    expect(fieldById('password').value).toBe('');
    expect(dialog.queryByText('Stored')).toBeNull();
    fireEvent.click(buttonIn(dialog, 'Add'));
    expect(await dialog.findByText('Enter the password')).toBeTruthy();
    typeInto('password', 'pw2');
    fireEvent.click(buttonIn(dialog, 'Add'));
    await waitFor(() => expect(net.callsTo('/server/add')).toHaveLength(1));
    expect(net.callsTo('/server/add')[0]?.body).toMatchObject({
      name: 'web-1 copy',
      ip: '192.168.1.10',
      owner: 'root',
      description: 'Front',
      password: 'pw2',
    });
    expect(net.callsTo('/server/add')[0]?.body).not.toHaveProperty('id');
  });

  it('tests the connection of a new server and shows what it found', async () => {
    const { net, dialog } = await openAdd({
      '/server/check': [
        { code: 2, message: 'getaddrinfo ENOTFOUND nowhere.invalid', reason: 'ssh_dns' },
        {
          code: 0,
          data: {
            latencyMs: 7,
            osInfo: 'Alpine Linux v3.20|1|524288',
            fingerprint: FP_NEW,
            jumpFingerprint: '',
          },
        },
      ],
    });
    fireEvent.click(buttonIn(dialog, 'Test connection'));
    expect(await dialog.findByText('Enter the IP address or host name')).toBeTruthy();
    expect(net.callsTo('/server/check')).toHaveLength(0);

    fillTarget();
    typeInto('password', 'pw');
    fireEvent.click(buttonIn(dialog, 'Test connection'));
    expect(await dialog.findByText('The host name could not be resolved')).toBeTruthy();
    expect(dialog.getByText('getaddrinfo ENOTFOUND nowhere.invalid')).toBeTruthy();
    expect(net.callsTo('/server/check')[0]?.body).toEqual({
      ip: '10.1.2.3',
      port: 22,
      owner: 'deploy',
      authType: 'password',
      password: 'pw',
      jumpIP: '',
      jumpPort: 0,
      jumpOwner: '',
    });

    fireEvent.click(buttonIn(dialog, 'Test connection'));
    expect(await dialog.findByText('Connected in 7 ms')).toBeTruthy();
    expect(dialog.getByText('Alpine Linux v3.20 · 1 CPU · 512 MiB')).toBeTruthy();
    expect(dialog.getByLabelText(FP_NEW)).toBeTruthy();
    expect(net.callsTo('/server/add')).toHaveLength(0);
  });

  it('tests a stored server’s connection with its id and stored secrets', async () => {
    const net = withServers({
      list: [WEB],
      routes: {
        '/server/check': [
          { code: 0, data: { latencyMs: 3, osInfo: '', fingerprint: FP_NEW, jumpFingerprint: '' } },
        ],
      },
    });
    renderApp('/server/index');
    await findRow('web-1');
    fireEvent.click(buttonIn(rowOf('web-1'), 'Edit'));
    const dialog = dialogTitled('Edit web-1');
    fireEvent.click(buttonIn(dialog, 'Test connection'));
    expect(await dialog.findByText('Connected in 3 ms')).toBeTruthy();
    expect(net.callsTo('/server/check')[0]?.body).toMatchObject({
      id: 1,
      authType: 'password',
      password: '',
    });
  });
});
