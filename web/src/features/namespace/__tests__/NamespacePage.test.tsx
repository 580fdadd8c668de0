import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../../../test/loggedIn';
import { onPhone } from '../../../test/onPhone';
import { renderApp } from '../../../test/renderApp';
// The route loads the page lazily; loading it up front keeps a cold first test within findBy's wait.
import '../pages/NamespacePage';
import { ALL_SETTINGS } from './allSettings';

const ROW = { role_id: 0, permissionIds: null, updateTime: '2024-05-02 10:00:00' };
const NAMESPACES = {
  code: 0,
  data: {
    list: [
      { ...ROW, id: 1, name: 'default', insertTime: '2024-05-01 09:00:00' },
      { ...ROW, id: 2, name: 'staging', insertTime: '2024-05-01 09:30:00' },
    ],
  },
};
const MEMBER = { namespaceId: 2, insertTime: '2024-05-03 08:00:00', updateTime: '' };
const MEMBERS = {
  code: 0,
  data: {
    list: [
      { ...MEMBER, id: 10, userId: 1, userName: 'Root', roleId: 0, roleName: '' },
      { ...MEMBER, id: 11, userId: 6, userName: 'Bob', roleId: 2, roleName: 'developer' },
    ],
  },
};
const USER = {
  password: '',
  contact: '',
  insertTime: '',
  updateTime: '',
  lastLoginTime: '',
  apiKey: '',
};
const USERS = {
  code: 0,
  data: {
    list: [
      { ...USER, id: 1, account: 'root', name: 'Root', superManager: 1, state: 1 },
      { ...USER, id: 4, account: 'ann', name: 'Ann', superManager: 0, state: 1 },
      { ...USER, id: 5, account: 'carl', name: 'Carl', superManager: 0, state: 1 },
      { ...USER, id: 7, account: 'gone', name: 'Gone', superManager: 0, state: 0 },
    ],
  },
};
const ROLES = {
  code: 0,
  data: {
    list: [
      { id: 1, name: 'manager', description: '' },
      { id: 2, name: 'developer', description: '' },
    ],
  },
};

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/** Opens an antd Select by its label and picks options by their text. */
async function pick(label: string, ...options: string[]) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  for (const option of options) {
    fireEvent.click(await screen.findByTitle(option));
  }
}

/** Opens the members dialog of "staging". */
async function openMembers() {
  await screen.findByText('staging');
  fireEvent.click(within(rowOf('staging')).getByRole('button', { name: /Members/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Members of staging')).toBeTruthy();
  return dialog;
}

describe('NamespacePage', () => {
  it('lists the namespaces', async () => {
    loggedIn({ permissionIds: ALL_SETTINGS, routes: { '/namespace/getList': [NAMESPACES] } });
    renderApp('/namespace/index');
    expect(await screen.findByText('staging')).toBeTruthy();
    expect(screen.getByText('default', { selector: 'td' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Members/ })).toHaveLength(2);
  });

  it('puts the row actions in a menu on a phone', async () => {
    onPhone();
    loggedIn({ permissionIds: ALL_SETTINGS, routes: { '/namespace/getList': [NAMESPACES] } });
    renderApp('/namespace/index');
    await screen.findByText('staging');
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More actions for staging' }));
    expect(await screen.findByRole('menuitem', { name: /Members/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: /Edit/ }));
    expect(await screen.findByText('Rename staging')).toBeTruthy();
  });

  it('shows an empty state with what to do', async () => {
    loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: { '/namespace/getList': [{ code: 0, data: { list: [] } }] },
    });
    renderApp('/namespace/index');
    expect(await screen.findByText(/No namespaces yet/)).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/namespace/getList': [{ code: 2, message: 'Database is down', reason: 'x' }, NAMESPACES],
      },
    });
    renderApp('/namespace/index');
    expect(await screen.findByText('Could not load the namespaces')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('staging')).toBeTruthy();
    expect(net.callsTo('/namespace/getList')).toHaveLength(2);
  });

  it('creates a namespace with the trimmed name and reloads the list', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/namespace/getList': [NAMESPACES],
        '/namespace/add': [{ code: 0, data: { id: 3 } }],
      },
    });
    renderApp('/namespace/index');
    fireEvent.click(await screen.findByRole('button', { name: /New namespace/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: ' qa ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(net.callsTo('/namespace/add')).toHaveLength(1));
    expect(net.callsTo('/namespace/add')[0]?.body).toEqual({ name: 'qa' });
    expect(await screen.findByText('Namespace qa created')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/namespace/getList')).toHaveLength(2));
  });

  it('renames a namespace', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/namespace/getList': [NAMESPACES],
        '/namespace/edit': [{ code: 0 }],
      },
    });
    renderApp('/namespace/index');
    await screen.findByText('staging');
    fireEvent.click(within(rowOf('staging')).getByRole('button', { name: /Edit/ }));
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('staging');
    fireEvent.change(name, { target: { value: 'stage' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('/namespace/edit')).toHaveLength(1));
    expect(net.callsTo('/namespace/edit')[0]?.body).toEqual({ id: 2, name: 'stage' });
    expect(await screen.findByText('Namespace renamed')).toBeTruthy();
  });

  it('puts a field error and a taken name on the name field', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/namespace/getList': [NAMESPACES],
        '/namespace/add': [
          {
            code: 10003,
            message: 'name must be at most 20 characters',
            reason: 'invalid_parameter',
          },
          { code: 2, message: 'Namespace qa already exists', reason: 'namespace_exists' },
        ],
      },
    });
    renderApp('/namespace/index');
    fireEvent.click(await screen.findByRole('button', { name: /New namespace/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'qa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('must be at most 20 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('A namespace with this name already exists'),
    ).toBeTruthy();
    expect(net.callsTo('/namespace/add')).toHaveLength(2);
  });

  it('hides what the role may not do', async () => {
    loggedIn({
      permissionIds: [Perm.ShowNamespacePage],
      routes: {
        '/namespace/getList': [NAMESPACES],
        '/namespace/getBindUserList': [MEMBERS],
      },
    });
    renderApp('/namespace/index');
    await screen.findByText('staging');
    expect(screen.queryByRole('button', { name: /New namespace/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    const dialog = await openMembers();
    expect(await within(dialog).findByText('Bob')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Add/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('adds several users at once with a role', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/namespace/getList': [NAMESPACES],
        '/namespace/getBindUserList': [MEMBERS],
        '/user/getList': [USERS],
        '/role/getOption': [ROLES],
        '/namespace/addUser': [{ code: 0 }],
      },
    });
    renderApp('/namespace/index');
    const dialog = await openMembers();
    expect(await within(dialog).findByText('Super manager')).toBeTruthy();
    expect(within(dialog).getByText('developer')).toBeTruthy();
    expect(net.callsTo('/namespace/getBindUserList')[0]?.query.get('id')).toBe('2');

    await waitFor(() => expect(net.callsTo('/user/getList')).toHaveLength(1));
    await pick('Users', 'Ann (ann)', 'Carl (carl)');
    // Super managers and disabled accounts cannot be given a role.
    expect(screen.queryByTitle('Root (root)')).toBeNull();
    expect(screen.queryByTitle('Gone (gone)')).toBeNull();
    await pick('Role', 'developer');
    fireEvent.click(within(dialog).getByRole('button', { name: /Add/ }));
    await waitFor(() => expect(net.callsTo('/namespace/addUser')).toHaveLength(1));
    expect(net.callsTo('/namespace/addUser')[0]?.body).toEqual({
      namespaceId: 2,
      userIds: [4, 5],
      roleId: 2,
    });
    expect(await screen.findByText('Members added')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/namespace/getBindUserList')).toHaveLength(2));
  });

  it('removes a member after a confirmation, never a super manager', async () => {
    const net = loggedIn({
      permissionIds: [Perm.ShowNamespacePage, Perm.DeleteNamespaceUser],
      routes: {
        '/namespace/getList': [NAMESPACES],
        '/namespace/getBindUserList': [MEMBERS],
        '/namespace/removeUser': [{ code: 0 }],
      },
    });
    renderApp('/namespace/index');
    const dialog = await openMembers();
    await within(dialog).findByText('Bob');
    expect(within(rowOf('Root')).queryByRole('button', { name: /Remove/ })).toBeNull();
    fireEvent.click(within(rowOf('Bob')).getByRole('button', { name: /Remove/ }));
    expect((await screen.findAllByText('Remove Bob from staging?')).length).toBeGreaterThan(0);
    expect(net.callsTo('/namespace/removeUser')).toHaveLength(0);
    // The confirmation's button, rendered last (the row's own is named alike).
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() => expect(net.callsTo('/namespace/removeUser')).toHaveLength(1));
    expect(net.callsTo('/namespace/removeUser')[0]?.body).toEqual({ namespaceUserId: 11 });
    expect(await screen.findByText('Bob removed')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/namespace/getBindUserList')).toHaveLength(2));
  });

  it('explains inside the dialog when the role cannot list users', async () => {
    loggedIn({
      permissionIds: [Perm.ShowNamespacePage, Perm.AddNamespaceUser],
      routes: {
        '/namespace/getList': [NAMESPACES],
        '/namespace/getBindUserList': [MEMBERS],
        '/user/getList': [{ code: 1, message: 'Permission denied', reason: 'permission_denied' }],
        '/role/getOption': [ROLES],
      },
    });
    renderApp('/namespace/index');
    const dialog = await openMembers();
    expect(await within(dialog).findByText(/Your role cannot list users/)).toBeTruthy();
    expect(within(dialog).getByText('Bob')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Add/ })).toHaveProperty('disabled', true);
    // Shown in the dialog, not toasted.
    expect(screen.queryByText('You do not have permission to do this')).toBeNull();
  });
});
