import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

const KEY = '0123456789abcdef0123456789abcdef';

/** A developer on their profile, with the API answers of a test. */
const onProfile = (routes: FakeRoutes) =>
  loggedIn({ permissionIds: [Perm.ShowDeployPage], routes });

describe('ProfilePage', () => {
  it('shows the account and a masked API key that can be revealed', async () => {
    onProfile({ '/user/getApiKey': [{ code: 0, data: KEY }] });
    renderApp('/user/profile');
    expect(await screen.findByText('@me')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    expect(await screen.findByText(`0123${'•'.repeat(16)}cdef`)).toBeTruthy();
    expect(screen.queryByText(KEY)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the key' }));
    expect(screen.getByText(KEY)).toBeTruthy();
  });

  it('warns that the old key stops working before generating a new one', async () => {
    const net = onProfile({
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
    onProfile({ '/user/getApiKey': [{ code: 0, data: '' }] });
    renderApp('/user/profile');
    expect(await screen.findByText('No API key yet')).toBeTruthy();
  });

  it('marks a wrong current password on the field', async () => {
    const net = onProfile({
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
