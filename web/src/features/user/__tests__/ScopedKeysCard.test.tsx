import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogWith } from '../../../test/dialogWith';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

const NEW_KEY = `fry_${'a1B2'.repeat(10)}`;
const ACTIVE = {
  id: 3,
  name: 'github api',
  prefix: 'fry_Zx81Qa',
  namespaceIds: [1],
  projectIds: [11],
  roleId: 5,
  expireTime: '2027-03-01 10:00:00',
  lastUseTime: '2026-12-01 09:30:00',
  lastUseIp: '10.0.0.8',
  insertTime: '2026-12-01 09:00:00',
  state: 'active',
};

/** A member on the profile page, with namespaces, roles and projects to pick from. */
const onProfile = (routes: FakeRoutes = {}) =>
  loggedIn({
    permissionIds: [Perm.ShowDeployPage],
    routes: {
      '/user/getApiKey': [{ code: 0, data: '' }],
      '/user/getApiKeyList': [
        {
          code: 0,
          data: {
            list: [
              ACTIVE,
              {
                ...ACTIVE,
                id: 2,
                name: 'old bot',
                projectIds: [],
                state: 'revoked',
                lastUseTime: '',
              },
            ],
          },
        },
      ],
      '/namespace/getOption': [
        {
          code: 0,
          data: {
            list: [{ namespaceId: 1, namespaceName: 'prod', roleId: 5 }],
            preferredNamespaceId: 0,
          },
        },
      ],
      '/role/getOption': [{ code: 0, data: { list: [{ id: 5, name: 'deployer' }] } }],
      '/deploy/getList': [
        {
          code: 0,
          data: {
            list: [
              { id: 11, name: 'api' },
              { id: 12, name: 'web' },
            ],
          },
        },
      ],
      ...routes,
    },
  });

type Within = Awaited<ReturnType<typeof dialogWith>>;

async function pick(dialog: Within, label: string, option: string) {
  fireEvent.mouseDown(dialog.getByRole<HTMLElement>('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('ScopedKeysCard', () => {
  it('lists each key with what it may do, until when, its last use, and a revoke for the working ones', async () => {
    const net = onProfile({ '/user/revokeApiKey': [{ code: 0, data: null }] });
    renderApp('/user/profile');
    expect(await screen.findByText('github api')).toBeTruthy();
    expect(await screen.findByText('prod · api · role deployer')).toBeTruthy();
    expect(screen.getByText(/last used 2026-12-01 09:30:00 from 10.0.0.8/)).toBeTruthy();
    expect(screen.getByText('Revoked')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Revoke' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Revoke' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke' }).at(-1)!);
    await waitFor(() => expect(net.callsTo('/user/revokeApiKey')).toHaveLength(1));
    expect(net.callsTo('/user/revokeApiKey')[0]?.body).toEqual({ id: 3 });
  });

  it('makes a key for chosen namespaces, projects and role, and shows it once', async () => {
    const net = onProfile({ '/user/addApiKey': [{ code: 0, data: { id: 4, key: NEW_KEY } }] });
    renderApp('/user/profile');
    fireEvent.click(await screen.findByRole('button', { name: /New key/ }));
    const dialog = await dialogWith('New scoped API key');
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: ' ci deploy ' } });
    await pick(dialog, 'Namespaces', 'prod');
    await waitFor(() => expect(net.callsTo('/deploy/getList').length).toBeGreaterThan(0));
    await pick(dialog, 'Projects', 'api');
    await pick(dialog, 'Role', 'deployer');
    fireEvent.click(dialog.getByRole('button', { name: 'Make the key' }));
    await waitFor(() => expect(net.callsTo('/user/addApiKey')).toHaveLength(1));
    expect(net.callsTo('/user/addApiKey')[0]?.body).toEqual({
      name: 'ci deploy',
      namespaceIds: [1],
      projectIds: [11],
      roleId: 5,
      expireDays: 90,
    });
    const shown = await dialogWith('Key "ci deploy" made');
    expect(shown.getByTestId('new-key').textContent).toBe(NEW_KEY);
    expect(shown.getByText(/shown this once/)).toBeTruthy();
  });

  it('shows a refusal on the field it names', async () => {
    onProfile({
      '/user/addApiKey': [
        {
          code: 10003,
          message: 'roleId grants permissions you do not hold in namespace 1',
          reason: 'invalid_parameter',
        },
      ],
    });
    renderApp('/user/profile');
    fireEvent.click(await screen.findByRole('button', { name: /New key/ }));
    const dialog = await dialogWith('New scoped API key');
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'wide' } });
    await pick(dialog, 'Namespaces', 'prod');
    await pick(dialog, 'Role', 'deployer');
    fireEvent.click(dialog.getByRole('button', { name: 'Make the key' }));
    expect(await dialog.findByText(/grants permissions you do not hold/)).toBeTruthy();
  });
});
