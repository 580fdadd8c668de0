import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../auth/session';
import { loggedIn, ME } from '../../test/loggedIn';
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

  it('keeps the login when the user info gets no answer, and loads the page on a retry', async () => {
    // A page left while its user info loads (a reload, a new address) has that request cut off;
    // the browser's next page goes on with the same session and must still find it logged in.
    let reachable = false;
    const net = loggedIn({
      routes: {
        '/user/info': () => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return {
            code: 0,
            data: { userInfo: { ...ME, superManager: 0 }, namespace: { id: 1, permissionIds: [] } },
          };
        },
      },
    });
    // React and the router report the error the error page catches.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderApp('/user/profile');
    await waitFor(() => expect(net.callsTo('/user/info')).toHaveLength(1));
    await waitFor(() => expect(router.state.status).toBe('idle'));
    expect(router.state.location.pathname).toBe('/user/profile');
    expect(session.isLoggedIn()).toBe(true);
    expect(session.identity().id).toBe(1);

    // The page tells what failed and offers to try again.
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Network error: Failed to fetch')).toBeTruthy();
    expect(reported.mock.calls.flat()).toContainEqual(expect.objectContaining({ kind: 'network' }));
    expect(warned.mock.calls.flat()).toContainEqual(
      expect.stringContaining('Error in route match'),
    );
    reachable = true;
    fireEvent.click(retry);
    const strip = await screen.findByRole('tablist');
    expect(await within(strip).findByRole('tab', { name: 'Profile' })).toBeTruthy();
    expect(session.isLoggedIn()).toBe(true);
  });

  it('opens a tab without a remembered namespace in the one the server proposes, not the last', async () => {
    const net = loggedIn({
      routes: {
        '/namespace/getOption': [
          {
            code: 0,
            data: {
              list: [
                { namespaceId: 1, namespaceName: 'default', roleId: 2 },
                { namespaceId: 7, namespaceName: 'staging', roleId: 2 },
              ],
              preferredNamespaceId: 1,
            },
          },
        ],
      },
    });
    session.clearIdentity();
    renderApp('/user/profile');
    await waitFor(() => expect(net.callsTo('/user/info')).toHaveLength(1));
    expect(net.callsTo('/user/info')[0]!.headers['G-N-ID']).toBe('1');
    expect(session.identity()).toEqual({ id: 1, name: 'default', roleId: 2 });
  });
});
