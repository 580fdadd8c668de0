import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogWith } from '../../../test/dialogWith';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { loggedIn } from '../../../test/loggedIn';
import { onPhone } from '../../../test/onPhone';
import { renderApp } from '../../../test/renderApp';
// The route loads the page lazily; loading it up front keeps a cold first test within findBy's wait.
import '../pages/SignInPage';

const T = { timeout: 5000 };
const WEB_GROUP = 'cn=web,ou=groups,dc=example,dc=com';
const OPS_GROUP = 'cn=ops,ou=groups,dc=example,dc=com';
const ROW = { superManager: 0, origin: '', updateTime: '2026-12-01 09:30:00' };
const MAPPINGS = [
  {
    ...ROW,
    id: 1,
    group: WEB_GROUP,
    namespaceId: 2,
    namespaceName: 'web',
    roleId: 3,
    roleName: 'member',
  },
  {
    ...ROW,
    id: 2,
    group: OPS_GROUP,
    superManager: 1,
    namespaceId: 0,
    namespaceName: '',
    roleId: 0,
    roleName: '',
  },
  {
    ...ROW,
    id: 3,
    group: 'cn=data,ou=groups,dc=example,dc=com',
    namespaceId: 4,
    namespaceName: 'data',
    roleId: 5,
    roleName: 'manager',
    origin: 'env',
  },
];
const LISTED = { code: 0, data: { list: MAPPINGS, ldapEnabled: true, oidcEnabled: false } };
const NAMESPACES = [2, 4].map((id) => ({
  id,
  name: id === 2 ? 'web' : 'data',
  role_id: 0,
  permissionIds: null,
  insertTime: '2026-11-01 00:00:00',
  updateTime: '2026-11-01 00:00:00',
}));
const ROLES = [
  { id: 3, name: 'member', description: '' },
  { id: 5, name: 'manager', description: '' },
];
const OK = { code: 0, data: null };

/** A super manager, answered `MAPPINGS` unless `routes` says otherwise. */
function asSuperManager(routes: FakeRoutes = {}) {
  return loggedIn({
    superManager: 1,
    permissionIds: Object.values(Perm),
    routes: {
      '/system/getDirectoryMappings': [LISTED],
      '/namespace/getList': [{ code: 0, data: { list: NAMESPACES } }],
      '/role/getOption': [{ code: 0, data: { list: ROLES } }],
      ...routes,
    },
  });
}

const rowOf = async (text: string) => within((await screen.findByText(text, {}, T)).closest('tr')!);

type Within = Awaited<ReturnType<typeof dialogWith>>;

async function pick(dialog: Within, label: string, option: string) {
  fireEvent.mouseDown(dialog.getByRole<HTMLElement>('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

async function openAddDialog() {
  fireEvent.click(await screen.findByRole('button', { name: /Add mapping/ }, T));
  return dialogWith('Map a directory group');
}

describe('SignInPage: the group mappings', () => {
  it('lists what each group gives and where it was set; a mapping from the environment is changed there', async () => {
    asSuperManager();
    renderApp('/system/sign-in');
    const web = await rowOf(WEB_GROUP);
    expect(web.getByText('member in web')).toBeTruthy();
    expect(web.getByText('This page')).toBeTruthy();
    expect(web.getByRole('button', { name: /Edit/ }).hasAttribute('disabled')).toBe(false);
    const ops = await rowOf(OPS_GROUP);
    expect(ops.getByText('Super manager').closest('.ant-tag')?.classList).toContain('ant-tag-gold');
    const data = await rowOf('cn=data,ou=groups,dc=example,dc=com');
    expect(data.getByText('Environment')).toBeTruthy();
    expect(data.getByRole('button', { name: /Edit/ }).hasAttribute('disabled')).toBe(true);
    expect(data.getByRole('button', { name: /Delete/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('No directory sign-in is on')).toBeNull();
  });

  it('adds a mapping to a role in a namespace', async () => {
    const net = asSuperManager({ '/system/addDirectoryMapping': [{ code: 0, data: { id: 9 } }] });
    renderApp('/system/sign-in');
    const dialog = await openAddDialog();
    fireEvent.change(dialog.getByLabelText('Group'), { target: { value: `  ${WEB_GROUP} ` } });
    await pick(dialog, 'Namespace', 'data');
    await pick(dialog, 'Role', 'manager');
    fireEvent.click(dialog.getByRole('button', { name: 'Add mapping' }));
    await waitFor(() => expect(net.callsTo('/system/addDirectoryMapping')).toHaveLength(1));
    expect(net.callsTo('/system/addDirectoryMapping')[0]?.body).toEqual({
      group: WEB_GROUP,
      superManager: 0,
      namespaceId: 4,
      roleId: 5,
    });
    expect(await screen.findByText('Mapping added')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/system/getDirectoryMappings')).toHaveLength(2));
  });

  it('maps a group to super manager only when said outright, with a warning', async () => {
    const net = asSuperManager({ '/system/addDirectoryMapping': [{ code: 0, data: { id: 9 } }] });
    renderApp('/system/sign-in');
    const dialog = await openAddDialog();
    fireEvent.change(dialog.getByLabelText('Group'), { target: { value: OPS_GROUP } });
    expect(dialog.queryByText(/becomes a super manager/)).toBeNull();
    fireEvent.click(dialog.getByRole('radio', { name: 'Super manager' }));
    expect(await dialog.findByText(/becomes a super manager/)).toBeTruthy();
    expect(dialog.queryByRole('combobox', { name: 'Namespace' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Add mapping' }));
    await waitFor(() => expect(net.callsTo('/system/addDirectoryMapping')).toHaveLength(1));
    expect(net.callsTo('/system/addDirectoryMapping')[0]?.body).toEqual({
      group: OPS_GROUP,
      superManager: 1,
      namespaceId: 0,
      roleId: 0,
    });
  });

  it('asks for the group, namespace and role before sending anything', async () => {
    const net = asSuperManager();
    renderApp('/system/sign-in');
    const dialog = await openAddDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Add mapping' }));
    expect(await dialog.findByText('Enter the Group')).toBeTruthy();
    expect(dialog.getByText('Enter the Namespace')).toBeTruthy();
    expect(dialog.getByText('Enter the Role')).toBeTruthy();
    expect(net.callsTo('/system/addDirectoryMapping')).toHaveLength(0);
  });

  it('shows a refusal on the field it concerns and keeps the dialog open', async () => {
    asSuperManager({
      '/system/editDirectoryMapping': [
        {
          code: 2,
          message: 'This group gives a role in this namespace already',
          reason: 'mapping_exists',
        },
        {
          code: 10003,
          message: 'roleId must be an existing role',
          reason: 'invalid_parameter',
        },
      ],
    });
    renderApp('/system/sign-in');
    const web = await rowOf(WEB_GROUP);
    fireEvent.click(web.getByRole('button', { name: /Edit/ }));
    const dialog = await dialogWith('Edit the mapping');
    expect(dialog.getByLabelText<HTMLTextAreaElement>('Group').value).toBe(WEB_GROUP);
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('This group gives that already')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(/must be an existing role/)).toBeTruthy();
    expect(screen.getByText('Edit the mapping')).toBeTruthy();
  });

  it('deletes a mapping after asking', async () => {
    const net = asSuperManager({ '/system/removeDirectoryMapping': [OK] });
    renderApp('/system/sign-in');
    const web = await rowOf(WEB_GROUP);
    fireEvent.click(web.getByRole('button', { name: /Delete/ }));
    const confirm = await dialogWith('Delete this mapping?');
    expect(confirm.getByText(new RegExp(`Members of ${WEB_GROUP}`))).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(net.callsTo('/system/removeDirectoryMapping')).toHaveLength(1));
    expect(net.callsTo('/system/removeDirectoryMapping')[0]?.body).toEqual({ id: 1 });
    expect(await screen.findByText('Mapping deleted')).toBeTruthy();
  });

  it('says when no group is mapped, and when no directory sign-in is on', async () => {
    asSuperManager({
      '/system/getDirectoryMappings': [
        { code: 0, data: { list: [], ldapEnabled: false, oidcEnabled: false } },
      ],
    });
    renderApp('/system/sign-in');
    expect(await screen.findByText(/No group is mapped yet/, {}, T)).toBeTruthy();
    expect(screen.getByText('No directory sign-in is on')).toBeTruthy();
    expect(screen.getByText(/Turn LDAP sign-in on to test a sign-in/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test' }).hasAttribute('disabled')).toBe(true);
  });

  it('with OpenID Connect alone, says the mappings apply and that its sign-in is tested by signing in', async () => {
    asSuperManager({
      '/system/getDirectoryMappings': [
        { code: 0, data: { list: MAPPINGS, ldapEnabled: false, oidcEnabled: true } },
      ],
    });
    renderApp('/system/sign-in');
    expect(await rowOf(WEB_GROUP)).toBeTruthy();
    expect(screen.queryByText('No directory sign-in is on')).toBeNull();
    expect(screen.getByText(/An OpenID Connect sign-in is tested by signing in/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers a retry when the mappings fail to load', async () => {
    const net = asSuperManager({
      '/system/getDirectoryMappings': [
        { code: 2, message: 'Database is down', reason: 'internal_error' },
        LISTED,
      ],
    });
    renderApp('/system/sign-in');
    expect(await screen.findByText('Could not load the sign-in settings', {}, T)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await rowOf(WEB_GROUP)).toBeTruthy();
    expect(net.callsTo('/system/getDirectoryMappings')).toHaveLength(2);
  });

  it('shows a card per mapping on a phone', async () => {
    onPhone();
    asSuperManager();
    renderApp('/system/sign-in');
    const card = (await screen.findByText(WEB_GROUP, {}, T)).closest('li')!;
    expect(within(card).getByText('member in web')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
  });
});

describe('SignInPage: testing a sign-in', () => {
  const TESTED = {
    outcome: 'ok',
    message: 'A sign-in would give these memberships',
    entry: {
      dn: 'uid=wendy,ou=people,dc=example,dc=com',
      account: 'wendy',
      name: 'Wendy Web',
      groups: [WEB_GROUP, 'cn=lunch,ou=groups,dc=example,dc=com'],
    },
    mappedGroups: [WEB_GROUP],
    passwordChecked: true,
    existing: false,
    superManager: false,
    memberships: [{ group: WEB_GROUP, namespaceName: 'web', roleName: 'member' }],
  };

  async function runTest(account: string, password = '') {
    fireEvent.change(await screen.findByLabelText('Account', {}, T), {
      target: { value: account },
    });
    if (password)
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    return within(await screen.findByRole('region', { name: 'Test result' }, T));
  }

  it('shows the entry, its groups with the mapped ones marked, and the memberships that would follow', async () => {
    const net = asSuperManager({ '/system/testDirectorySignIn': [{ code: 0, data: TESTED }] });
    renderApp('/system/sign-in');
    const result = await runTest(' wendy ', 's3cret!');
    expect(net.callsTo('/system/testDirectorySignIn')[0]?.body).toEqual({
      account: 'wendy',
      password: 's3cret!',
    });
    expect(result.getByText('A sign-in would succeed')).toBeTruthy();
    expect(result.getByText('uid=wendy,ou=people,dc=example,dc=com')).toBeTruthy();
    expect(result.getByText('Wendy Web')).toBeTruthy();
    expect(result.getByText('Checked by the directory')).toBeTruthy();
    expect(result.getByText('Created at the first sign-in')).toBeTruthy();
    expect(
      result.getByText(WEB_GROUP, { selector: '.ant-tag, .ant-tag *' }).closest('.ant-tag')
        ?.classList,
    ).toContain('ant-tag-blue');
    expect(
      result.getByText('cn=lunch,ou=groups,dc=example,dc=com').closest('.ant-tag')?.classList,
    ).not.toContain('ant-tag-blue');
    expect(result.getByText('member in web')).toBeTruthy();
    expect(result.getByText(`through ${WEB_GROUP}`)).toBeTruthy();
  });

  it('says why a sign-in would be refused, and the directory in its own words when it is down', async () => {
    asSuperManager({
      '/system/testDirectorySignIn': [
        {
          code: 0,
          data: {
            ...TESTED,
            outcome: 'no_mapped_group',
            mappedGroups: [],
            passwordChecked: false,
            memberships: [],
          },
        },
        {
          code: 0,
          data: {
            ...TESTED,
            outcome: 'directory_unavailable',
            message: 'connect ECONNREFUSED 127.0.0.1:389',
            entry: null,
            mappedGroups: [],
            memberships: [],
          },
        },
      ],
    });
    renderApp('/system/sign-in');
    let result = await runTest('nina');
    expect(result.getByText(/None of the member's groups is mapped/)).toBeTruthy();
    expect(result.getByText('Not checked (only the search)')).toBeTruthy();
    expect(result.getByText('Nothing from the directory')).toBeTruthy();
    result = await runTest('wendy');
    await waitFor(() => expect(result.getByText('The directory did not answer')).toBeTruthy());
    expect(result.getByText('connect ECONNREFUSED 127.0.0.1:389')).toBeTruthy();
    expect(result.queryByText('Entry')).toBeNull();
  });

  it('asks for the account before asking the directory', async () => {
    const net = asSuperManager();
    renderApp('/system/sign-in');
    fireEvent.click(await screen.findByRole('button', { name: 'Test' }, T));
    expect(await screen.findByText('Enter the account')).toBeTruthy();
    expect(net.callsTo('/system/testDirectorySignIn')).toHaveLength(0);
  });
});

describe('the sign-in page is for super managers', () => {
  it('answers 403 to anyone else who types its address, without asking the server', async () => {
    const net = loggedIn({
      permissionIds: Object.values(Perm),
      routes: { '/system/getDirectoryMappings': [LISTED] },
    });
    const { router } = renderApp('/system/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(net.callsTo('/system/getDirectoryMappings')).toHaveLength(0);
  });
});
