import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../../auth/session';
import { fakeFetch } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';

const KEY = '0123456789abcdef0123456789abcdef';

function loggedIn(extra: Parameters<typeof fakeFetch>[0]) {
  session.markLoggedIn();
  session.setIdentity({ id: 1, name: 'default', roleId: 0 });
  return fakeFetch({
    '/user/info': [
      {
        code: 0,
        data: {
          userInfo: { id: 3, account: 'dev', name: 'Dev', superManager: 0 },
          namespace: { id: 1, permissionIds: [57] },
        },
      },
    ],
    '/namespace/getOption': [
      { code: 0, data: { list: [{ namespaceId: 1, namespaceName: 'default', roleId: 2 }] } },
    ],
    ...extra,
  });
}

describe('ProfilePage', () => {
  it('shows the account and a masked API key that can be revealed', async () => {
    loggedIn({ '/user/getApiKey': [{ code: 0, data: KEY }] });
    renderApp('/user/profile');
    expect(await screen.findByText('@dev')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    expect(await screen.findByText(`0123${'•'.repeat(16)}cdef`)).toBeTruthy();
    expect(screen.queryByText(KEY)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the key' }));
    expect(screen.getByText(KEY)).toBeTruthy();
  });

  it('warns that the old key stops working before generating a new one', async () => {
    const net = loggedIn({
      '/user/getApiKey': [{ code: 0, data: KEY }],
      '/user/generateApiKey': [{ code: 0, data: 'ffffffffffffffffffffffffffffffff' }],
    });
    renderApp('/user/profile');
    fireEvent.click(await screen.findByRole('button', { name: /Generate a new key/ }));
    expect(await screen.findByText(/The current key stops working at once/)).toBeTruthy();
    expect(net.callsTo('/user/generateApiKey')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(net.callsTo('/user/generateApiKey')).toHaveLength(1));
    expect(await screen.findByText('ffffffffffffffffffffffffffffffff')).toBeTruthy();
  });

  it('shows an empty state when there is no key yet', async () => {
    loggedIn({ '/user/getApiKey': [{ code: 0, data: '' }] });
    renderApp('/user/profile');
    expect(await screen.findByText('No API key yet')).toBeTruthy();
  });

  it('marks a wrong current password on the field', async () => {
    const net = loggedIn({
      '/user/getApiKey': [{ code: 0, data: '' }],
      '/user/changePassword': [
        { code: 2, message: 'The old password is not correct', reason: 'wrong_password' },
      ],
    });
    renderApp('/user/profile');
    fireEvent.change(await screen.findByLabelText('Current password'), {
      target: { value: 'Wrong123!' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Better123!' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'Better123!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(net.callsTo('/user/changePassword')).toHaveLength(1));
    expect(net.callsTo('/user/changePassword')[0]?.body).toEqual({
      oldPwd: 'Wrong123!',
      newPwd: 'Better123!',
    });
    expect(await screen.findByText('The old password is not correct')).toBeTruthy();
  });
});
