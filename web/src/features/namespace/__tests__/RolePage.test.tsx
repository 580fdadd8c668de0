import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../../../test/loggedIn';
import { menuItem, openRowMenu } from '../../../test/openRowMenu';
import { renderApp } from '../../../test/renderApp';
// The route loads the page lazily; loading it up front keeps a cold first test within findBy's wait.
import '../pages/RolePage';
import { ALL_SETTINGS } from './allSettings';

const TIMES = { insertTime: '2024-05-01 09:00:00', updateTime: '2024-05-02 10:00:00' };
const ROLES = {
  code: 0,
  data: {
    list: [
      { ...TIMES, id: 1, name: 'manager', description: 'Runs the namespace' },
      { ...TIMES, id: 2, name: 'developer', description: 'Deploys projects' },
    ],
  },
};

/** A slice of the catalogue: two full groups and one with a single permission. */
const CATALOGUE = {
  code: 0,
  data: {
    list: [
      [1, 0, 'Log'],
      [2, 1, 'ShowLoginLogPage'],
      [74, 1, 'ShowOperationLogPage'],
      [7, 0, 'Setting'],
      [18, 7, 'ShowRolePage'],
      [19, 7, 'AddRole'],
      [22, 7, 'EditPermission'],
      [23, 0, 'Server'],
      [24, 23, 'ShowServerPage'],
    ].map(([id, pid, name], sort) => ({ id, pid, name, sort, description: '' })),
  },
};
/** The role holds the Log group fully, with its group id, as goploy stores it. */
const BINDINGS = {
  code: 0,
  data: {
    list: [1, 2, 74].map((permissionId, i) => ({ id: 100 + i, roleId: 2, permissionId })),
  },
};

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/** The checkbox of the tree node showing `title`. */
function checkboxOf(title: string) {
  const node = screen.getByText(title).closest('.ant-tree-treenode');
  const box = node?.querySelector('.ant-tree-checkbox');
  if (!box) throw new Error(`no checkbox for ${title}`);
  return box;
}

const isChecked = (title: string) =>
  checkboxOf(title).classList.contains('ant-tree-checkbox-checked');

describe('RolePage', () => {
  it('lists the roles', async () => {
    loggedIn({ permissionIds: ALL_SETTINGS, routes: { '/role/getList': [ROLES] } });
    renderApp('/namespace/role');
    expect(await screen.findByText('developer')).toBeTruthy();
    expect(screen.getByText('manager')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Permissions/ })).toHaveLength(2);
  });

  it('opens the role page from /namespace for a role without the namespace page', async () => {
    loggedIn({ permissionIds: [Perm.ShowRolePage], routes: { '/role/getList': [ROLES] } });
    const { router } = renderApp('/namespace');
    expect(await screen.findByText('developer')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/namespace/role');
  });

  it('shows an empty state with what to do', async () => {
    loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: { '/role/getList': [{ code: 0, data: { list: [] } }] },
    });
    renderApp('/namespace/role');
    expect(await screen.findByText(/No roles yet/)).toBeTruthy();
  });

  it('creates a role with its description', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/role/getList': [ROLES],
        '/role/add': [{ code: 0, data: { id: 3 } }],
      },
    });
    renderApp('/namespace/role');
    fireEvent.click(await screen.findByRole('button', { name: /New role/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'tester ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Runs tests' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(net.callsTo('/role/add')).toHaveLength(1));
    expect(net.callsTo('/role/add')[0]?.body).toEqual({
      name: 'tester',
      description: 'Runs tests',
    });
    expect(await screen.findByText('Role tester created')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/role/getList')).toHaveLength(2));
  });

  it('edits a role', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/role/getList': [ROLES],
        '/role/edit': [{ code: 0 }],
      },
    });
    renderApp('/namespace/role');
    await screen.findByText('developer');
    fireEvent.click(within(rowOf('developer')).getByRole('button', { name: /Edit/ }));
    const description = await screen.findByLabelText('Description');
    expect((description as HTMLTextAreaElement).value).toBe('Deploys projects');
    fireEvent.change(description, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'dev' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('/role/edit')).toHaveLength(1));
    expect(net.callsTo('/role/edit')[0]?.body).toEqual({ id: 2, name: 'dev', description: '' });
    expect(await screen.findByText('Role saved')).toBeTruthy();
  });

  it('puts a field error on its field and a taken name on the name', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/role/getList': [ROLES],
        '/role/add': [
          {
            code: 10003,
            message: 'description must be at most 255 characters',
            reason: 'invalid_parameter',
          },
          { code: 2, message: 'Role tester already exists', reason: 'role_exists' },
        ],
      },
    });
    renderApp('/namespace/role');
    fireEvent.click(await screen.findByRole('button', { name: /New role/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'tester' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    const error = await within(dialog).findByText('must be at most 255 characters');
    expect(error.closest('.ant-form-item')?.textContent).toContain('Description');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const taken = await within(dialog).findByText('A role with this name already exists');
    expect(taken.closest('.ant-form-item')?.textContent).toContain('Name');
    expect(net.callsTo('/role/add')).toHaveLength(2);
  });

  it('hides what the role may not do and shows permissions read-only', async () => {
    const net = loggedIn({
      permissionIds: [Perm.ShowRolePage],
      routes: {
        '/role/getList': [ROLES],
        '/role/getPermissionList': [CATALOGUE],
        '/role/getPermissionBindings': [BINDINGS],
      },
    });
    renderApp('/namespace/role');
    await screen.findByText('developer');
    expect(screen.queryByRole('button', { name: /New role/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    fireEvent.click(within(rowOf('developer')).getByRole('button', { name: /Permissions/ }));
    expect(await screen.findByText(/can see these permissions but not change them/)).toBeTruthy();
    expect(screen.getByText('Open the login log')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).toBeNull();
    expect(net.callsTo('/role/getPermissionBindings')[0]?.query.get('roleId')).toBe('2');
  });

  it('says why a role still in use cannot be deleted', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/role/getList': [ROLES],
        '/role/remove': [
          {
            code: 2,
            message: 'The role is still held by namespace members',
            reason: 'role_in_use',
          },
        ],
      },
    });
    renderApp('/namespace/role');
    await screen.findByText('developer');
    fireEvent.click(menuItem(await openRowMenu('developer'), 'Delete'));
    expect((await screen.findAllByText('Delete developer?')).length).toBeGreaterThan(0);
    expect(screen.getByText('This action will delete the developer, continue?')).toBeTruthy();
    expect(net.callsTo('/role/remove')).toHaveLength(0);
    // The confirmation's button, rendered last (the row's own is named alike).
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(net.callsTo('/role/remove')).toHaveLength(1));
    expect(net.callsTo('/role/remove')[0]?.body).toEqual({ id: 2 });
    expect(await screen.findByText(/Namespace members still hold this role/)).toBeTruthy();
    expect(screen.queryByText('Role developer deleted')).toBeNull();
  });

  it('saves the checked permissions with the ids of their groups', async () => {
    const net = loggedIn({
      permissionIds: ALL_SETTINGS,
      routes: {
        '/role/getList': [ROLES],
        '/role/getPermissionList': [CATALOGUE],
        '/role/getPermissionBindings': [BINDINGS],
        '/role/changePermission': [{ code: 0 }],
      },
    });
    renderApp('/namespace/role');
    await screen.findByText('developer');
    fireEvent.click(within(rowOf('developer')).getByRole('button', { name: /Permissions/ }));
    expect(await screen.findByText('Permissions of developer')).toBeTruthy();
    await screen.findByText('Open the login log');
    expect(isChecked('Logs')).toBe(true);
    expect(isChecked('Open the login log')).toBe(true);
    expect(isChecked('Open the role page')).toBe(false);
    expect(screen.getByText('2 of 6 permissions')).toBeTruthy();

    fireEvent.click(checkboxOf('Open the login log')); // Log: now partly checked
    fireEvent.click(checkboxOf('Open the role page')); // Setting: partly checked
    fireEvent.click(checkboxOf('Servers')); // the whole Server group
    expect(screen.getByText('3 of 6 permissions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(net.callsTo('/role/changePermission')).toHaveLength(1));
    expect(net.callsTo('/role/changePermission')[0]?.body).toEqual({
      roleId: 2,
      permissionIds: [1, 7, 18, 23, 24, 74],
    });
    expect(await screen.findByText('Permissions of developer saved')).toBeTruthy();
  });
});
