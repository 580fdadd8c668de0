import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { findCell } from '../../../test/findCell';
import { loggedIn, ME, type LoggedInSetup } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

const ALL = [Perm.ShowMemberPage, Perm.AddMember, Perm.EditMember, Perm.DeleteMember];

function member(id: number, account: string, name: string, extra: object = {}) {
  return {
    id,
    account,
    password: '',
    name,
    contact: '',
    superManager: 0,
    state: 1,
    insertTime: '2026-01-01 09:00:00',
    updateTime: '2026-01-01 09:00:00',
    lastLoginTime: '',
    apiKey: '',
    ...extra,
  };
}

const MEMBERS = [
  member(9, 'carol', 'Carol', { superManager: 1, lastLoginTime: '2026-01-03 08:00:00' }),
  member(8, 'bob', 'Bob'),
  member(7, 'alice', 'Alice Liu', {
    contact: '13800000000',
    lastLoginTime: '2026-01-02 10:00:00',
  }),
  member(ME.id, ME.account, ME.name, { lastLoginTime: '2026-01-04 11:00:00' }),
  member(1, 'admin', 'Owner', { superManager: 1, lastLoginTime: '2026-01-05 12:00:00' }),
];

/** Logged in (by default as a super manager holding `ALL`); the member list answers `MEMBERS`. */
function withMembers({ superManager = 1, permissionIds = ALL, routes = {} }: LoggedInSetup = {}) {
  return loggedIn({
    superManager,
    permissionIds,
    routes: { '/user/getList': [{ code: 0, data: { list: MEMBERS } }], ...routes },
  });
}

const rowOf = (account: string) => {
  const cell = screen.getByText(account, { selector: 'td' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${account}`);
  return within(row);
};

/** The button labelled `text` in a row (role queries are slow on antd tables in jsdom). */
const buttonIn = (row: ReturnType<typeof rowOf>, text: string) => {
  const button = row.queryByText(text)?.closest('button');
  if (!button) throw new Error(`no ${text} button`);
  return button;
};

const field = (label: string) => within(screen.getByRole('dialog')).getByLabelText(label);

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

describe('MemberPage', () => {
  it('lists the members with their role, state and last login', async () => {
    withMembers();
    renderApp('/member/index');
    expect(await findCell('alice')).toBeTruthy();
    expect(rowOf('alice').getByText('Alice Liu')).toBeTruthy();
    expect(rowOf('alice').getByText('13800000000')).toBeTruthy();
    expect(rowOf('alice').getByText('2026-01-02 10:00:00')).toBeTruthy();
    expect(rowOf('alice').queryByText('Super manager')).toBeNull();
    expect(rowOf('carol').getByText('Super manager')).toBeTruthy();
    expect(rowOf('bob').getByText('Never')).toBeTruthy();
    expect(rowOf('bob').getByText('Enabled')).toBeTruthy();
    expect(screen.getByText('Total: 5')).toBeTruthy();
  });

  it('opens the list from /member', async () => {
    withMembers();
    const { router } = renderApp('/member');
    expect(await findCell('alice')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member/index');
  });

  it('searches by account or name, ignoring case', async () => {
    withMembers();
    renderApp('/member/index');
    await findCell('alice');
    const search = screen.getByRole('textbox', { name: 'Search members' });

    fireEvent.change(search, { target: { value: 'LIU' } });
    expect(screen.getByText('alice', { selector: 'td' })).toBeTruthy();
    expect(screen.queryByText('bob', { selector: 'td' })).toBeNull();
    expect(screen.getByText('Total: 1')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'bo' } });
    expect(screen.getByText('bob', { selector: 'td' })).toBeTruthy();
    expect(screen.queryByText('alice', { selector: 'td' })).toBeNull();

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText("No member's account or name contains “nobody”")).toBeTruthy();
  });

  it('adds a member, and a super manager may make a super manager', async () => {
    const net = withMembers({ routes: { '/user/add': [{ code: 0, data: { id: 10 } }] } });
    renderApp('/member/index');
    fireEvent.click(await screen.findByRole('button', { name: /Add member/ }));
    type('Account', ' dave ');
    type('Initial password', 'Passw0rd!');
    type('Name', 'Dave');
    type('Contact', '13900000000');
    expect(
      within(screen.getByRole('dialog')).getByText(/they must choose their own the first time/),
    ).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('switch', { name: 'Super manager' }),
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(net.callsTo('/user/add')).toHaveLength(1));
    expect(net.callsTo('/user/add')[0]?.body).toEqual({
      account: 'dave',
      password: 'Passw0rd!',
      name: 'Dave',
      contact: '13900000000',
      superManager: 1,
    });
    expect(await screen.findByText('Member dave added')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/user/getList')).toHaveLength(2));
  });

  it('requires an initial password that follows the rule', async () => {
    const net = withMembers({ routes: { '/user/add': [{ code: 0, data: { id: 10 } }] } });
    renderApp('/member/index');
    fireEvent.click(await screen.findByRole('button', { name: /Add member/ }));
    type('Account', 'dave');
    type('Name', 'Dave');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter the password')).toBeTruthy();
    type('Initial password', '12345678');
    expect(await screen.findByText('The password does not follow the rule below')).toBeTruthy();
    expect(net.callsTo('/user/add')).toHaveLength(0);
  });

  it('hides the super manager switch from members who are not super managers', async () => {
    const net = withMembers({
      superManager: 0,
      routes: { '/user/add': [{ code: 0, data: { id: 10 } }] },
    });
    renderApp('/member/index');
    fireEvent.click(await screen.findByRole('button', { name: /Add member/ }));
    expect(within(screen.getByRole('dialog')).queryByRole('switch')).toBeNull();
    type('Account', 'erin');
    type('Initial password', 'Passw0rd!');
    type('Name', 'Erin');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(net.callsTo('/user/add')).toHaveLength(1));
    expect(net.callsTo('/user/add')[0]?.body).toMatchObject({ account: 'erin', superManager: 0 });
  });

  it('lets only super managers edit or disable a super manager', async () => {
    withMembers({ superManager: 0 });
    renderApp('/member/index');
    await findCell('carol');
    const edit = buttonIn(rowOf('carol'), 'Edit');
    const disable = buttonIn(rowOf('carol'), 'Disable');
    expect(edit.disabled).toBe(true);
    expect(disable.disabled).toBe(true);
    expect(buttonIn(rowOf('bob'), 'Edit').disabled).toBe(false);
  });

  it('edits a member and keeps the password when it is left empty', async () => {
    const net = withMembers({ routes: { '/user/edit': [{ code: 0, data: null }] } });
    renderApp('/member/index');
    await findCell('alice');
    fireEvent.click(buttonIn(rowOf('alice'), 'Edit'));
    expect(screen.getByText('Edit alice')).toBeTruthy();
    expect((field('Account') as HTMLInputElement).disabled).toBe(true);
    expect((field('Name') as HTMLInputElement).value).toBe('Alice Liu');
    expect(
      within(screen.getByRole('dialog'))
        .getByRole<HTMLButtonElement>('switch')
        .getAttribute('aria-checked'),
    ).toBe('false');
    type('Name', 'Alice L.');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(net.callsTo('/user/edit')).toHaveLength(1));
    expect(net.callsTo('/user/edit')[0]?.method).toBe('PUT');
    expect(net.callsTo('/user/edit')[0]?.body).toEqual({
      id: 7,
      password: '',
      name: 'Alice L.',
      contact: '13800000000',
      superManager: 0,
    });
    expect(await screen.findByText('Changes to alice saved')).toBeTruthy();
  });

  it('opens an empty form to add after editing someone', async () => {
    withMembers();
    renderApp('/member/index');
    await findCell('alice');
    fireEvent.click(buttonIn(rowOf('alice'), 'Edit'));
    expect((field('Name') as HTMLInputElement).value).toBe('Alice Liu');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: /Add member/ }));
    expect(await screen.findByText('Add a member')).toBeTruthy();
    expect((field('Account') as HTMLInputElement).disabled).toBe(false);
    expect((field('Account') as HTMLInputElement).value).toBe('');
    expect((field('Name') as HTMLInputElement).value).toBe('');
  });

  it('sends a new password on edit only when it follows the rule', async () => {
    const net = withMembers({ routes: { '/user/edit': [{ code: 0, data: null }] } });
    renderApp('/member/index');
    await findCell('bob');
    fireEvent.click(buttonIn(rowOf('bob'), 'Edit'));
    type('New password', 'onlyletters');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The password does not follow the rule below')).toBeTruthy();
    expect(net.callsTo('/user/edit')).toHaveLength(0);

    type('New password', 'Better123!');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('/user/edit')).toHaveLength(1));
    expect(net.callsTo('/user/edit')[0]?.body).toMatchObject({ id: 8, password: 'Better123!' });
  });

  it('keeps the first super manager a super manager', async () => {
    withMembers();
    renderApp('/member/index');
    await findCell('admin');
    fireEvent.click(buttonIn(rowOf('admin'), 'Edit'));
    const flag = within(screen.getByRole('dialog')).getByRole<HTMLButtonElement>('switch');
    expect(flag.disabled).toBe(true);
    expect(flag.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('The first super manager always stays one.')).toBeTruthy();
  });

  it('disables a member after a confirmation that explains nothing is deleted', async () => {
    const net = withMembers({ routes: { '/user/remove': [{ code: 0, data: null }] } });
    renderApp('/member/index');
    await findCell('bob');
    fireEvent.click(buttonIn(rowOf('bob'), 'Disable'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Disable bob?').length).toBeGreaterThan(0);
    expect(screen.getByText(/Members are disabled, not deleted/)).toBeTruthy();
    expect(screen.getByText(/history in the logs is kept/)).toBeTruthy();
    expect(net.callsTo('/user/remove')).toHaveLength(0);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(net.callsTo('/user/remove')).toHaveLength(1));
    expect(net.callsTo('/user/remove')[0]?.method).toBe('DELETE');
    expect(net.callsTo('/user/remove')[0]?.body).toEqual({ id: 8 });
    expect(await screen.findByText('bob disabled')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/user/getList')).toHaveLength(2));
  });

  it('cannot disable the first super manager or yourself, and says why', async () => {
    withMembers();
    renderApp('/member/index');
    await findCell('admin');
    const owner = buttonIn(rowOf('admin'), 'Disable');
    const self = buttonIn(rowOf('me'), 'Disable');
    expect(owner.disabled).toBe(true);
    expect(self.disabled).toBe(true);
    expect(buttonIn(rowOf('carol'), 'Disable').disabled).toBe(false);

    fireEvent.mouseEnter(owner.parentElement as HTMLElement);
    expect(await screen.findByText('The first super manager cannot be disabled')).toBeTruthy();
    fireEvent.focus(self.parentElement as HTMLElement);
    expect(await screen.findByText('You cannot disable yourself')).toBeTruthy();
  });

  it('puts a refused field on the form field', async () => {
    const net = withMembers({
      routes: {
        '/user/add': [
          {
            code: 10003,
            message: 'contact must be 11 digits',
            reason: 'invalid_parameter',
          },
          { code: 2, message: 'Account dave already exists', reason: 'account_exists' },
        ],
      },
    });
    renderApp('/member/index');
    fireEvent.click(await screen.findByRole('button', { name: /Add member/ }));
    type('Account', 'dave');
    type('Initial password', 'Passw0rd!');
    type('Name', 'Dave');
    type('Contact', '13900000000');
    const add = within(screen.getByRole('dialog')).getByRole('button', { name: 'Add' });

    fireEvent.click(add);
    await waitFor(() => expect(net.callsTo('/user/add')).toHaveLength(1));
    const contactItem = field('Contact').closest('.ant-form-item');
    expect(
      await within(contactItem as HTMLElement).findByText('contact must be 11 digits'),
    ).toBeTruthy();

    fireEvent.click(add);
    await waitFor(() => expect(net.callsTo('/user/add')).toHaveLength(2));
    const accountItem = field('Account').closest('.ant-form-item');
    expect(
      await within(accountItem as HTMLElement).findByText(
        'This account is already taken (a disabled member keeps theirs)',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('hides add, edit and disable from members without those permissions', async () => {
    withMembers({ superManager: 0, permissionIds: [Perm.ShowMemberPage] });
    renderApp('/member/index');
    await findCell('alice');
    expect(screen.queryByRole('button', { name: /Add member/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Disable/ })).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
  });

  it('shows only the allowed action', async () => {
    withMembers({ superManager: 0, permissionIds: [Perm.ShowMemberPage, Perm.EditMember] });
    renderApp('/member/index');
    await findCell('alice');
    expect(buttonIn(rowOf('alice'), 'Edit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Disable/ })).toBeNull();
  });

  it('lists the disabled members on asking and enables one after a confirmation', async () => {
    const dora = member(6, 'dora', 'Dora', { state: 0 });
    const root = member(5, 'root2', 'Root', { state: 0, superManager: 1 });
    const net = withMembers({
      superManager: 0,
      routes: {
        '/user/getList': async (req) => ({
          code: 0,
          data: { list: req.query.get('state') === 'disabled' ? [dora, root] : MEMBERS },
        }),
        '/user/enable': [{ code: 0, data: null }],
      },
    });
    renderApp('/member/index');
    await findCell('alice');
    expect(queryOf(net.callsTo('/user/getList')[0])).toEqual({ state: 'enabled' });
    expect(screen.queryByText('Enable')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Disabled'));
    expect(await findCell('dora')).toBeTruthy();
    expect(queryOf(net.callsTo('/user/getList').at(-1))).toEqual({ state: 'disabled' });
    expect(rowOf('dora').getByText('Disabled')).toBeTruthy();
    expect(rowOf('dora').queryByText('Edit')).toBeNull();
    expect(rowOf('dora').queryByText('Disable')).toBeNull();
    // Only a super manager may enable a super manager.
    expect(buttonIn(rowOf('root2'), 'Enable').disabled).toBe(true);

    fireEvent.click(buttonIn(rowOf('dora'), 'Enable'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Enable dora?').length).toBeGreaterThan(0);
    expect(net.callsTo('/user/enable')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(net.callsTo('/user/enable')).toHaveLength(1));
    expect(net.callsTo('/user/enable')[0]?.method).toBe('PUT');
    expect(net.callsTo('/user/enable')[0]?.body).toEqual({ id: 6 });
    expect(await screen.findByText('dora enabled')).toBeTruthy();
  });

  it('signs a member out everywhere after a confirmation, never a super manager for a manager', async () => {
    const net = withMembers({
      superManager: 0,
      routes: { '/user/endSessions': [{ code: 0, data: null }] },
    });
    renderApp('/member/index');
    await findCell('alice');
    fireEvent.click(rowOf('carol').getByRole('button', { name: 'More actions for carol' }));
    const blocked = await screen.findByRole('menuitem', { name: /Sign out everywhere/ });
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(rowOf('bob').getByRole('button', { name: 'More actions for bob' }));
    const entries = await screen.findAllByRole('menuitem', { name: /Sign out everywhere/ });
    const entry = entries.find((e) => e.getAttribute('aria-disabled') !== 'true');
    fireEvent.click(entry!);
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Sign bob out everywhere?').length).toBeGreaterThan(0);
    expect(net.callsTo('/user/endSessions')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(net.callsTo('/user/endSessions')).toHaveLength(1));
    expect(net.callsTo('/user/endSessions')[0]?.method).toBe('PUT');
    expect(net.callsTo('/user/endSessions')[0]?.body).toEqual({ id: 8 });
    expect(await screen.findByText('bob is signed out everywhere')).toBeTruthy();
  });

  it('offers no enable without the edit permission', async () => {
    withMembers({
      superManager: 0,
      permissionIds: [Perm.ShowMemberPage, Perm.DeleteMember],
      routes: {
        '/user/getList': [{ code: 0, data: { list: [member(6, 'dora', 'Dora', { state: 0 })] } }],
      },
    });
    renderApp('/member/index');
    await findCell('dora');
    expect(screen.queryByText('Enable')).toBeNull();
  });

  it('answers 403 to a member without the member page permission', async () => {
    const net = withMembers({ superManager: 0, permissionIds: [Perm.ShowDeployPage] });
    const { router } = renderApp('/member/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(net.callsTo('/user/getList')).toHaveLength(0);
  });

  it('offers a retry when the list fails to load', async () => {
    const net = withMembers({
      routes: {
        '/user/getList': [
          { code: 2, message: 'Database is down', reason: 'internal_error' },
          { code: 0, data: { list: MEMBERS } },
        ],
      },
    });
    renderApp('/member/index');
    expect(await screen.findByText('Could not load the members')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await findCell('alice')).toBeTruthy();
    expect(net.callsTo('/user/getList')).toHaveLength(2);
  });
});
