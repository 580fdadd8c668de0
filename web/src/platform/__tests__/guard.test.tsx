import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../auth/session';
import { loggedIn } from '../../test/loggedIn';
import { renderApp } from '../../test/renderApp';

describe('the login guard', () => {
  it.each([
    ['no data', null],
    ['no user', { namespace: { id: 1, permissionIds: [] } }],
    ['no namespace', { userInfo: { id: 5, account: 'me', name: 'Me', superManager: 0 } }],
    [
      'no permissions',
      { userInfo: { id: 5, account: 'me', name: 'Me', superManager: 0 }, namespace: { id: 1 } },
    ],
  ])('sends the user to login when the user info has %s', async (_, data) => {
    loggedIn({ routes: { '/user/info': [{ code: 0, data }] } });
    const { router } = renderApp('/member/index');
    expect(await screen.findByText('Verification failed, please Login again.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.isLoggedIn()).toBe(false);
  });

  it('still shows the server message of a refused user info', async () => {
    loggedIn({
      routes: { '/user/info': [{ code: 2, message: 'Database is down', reason: 'internal' }] },
    });
    const { router } = renderApp('/member/index');
    expect(await screen.findByText('Database is down')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
