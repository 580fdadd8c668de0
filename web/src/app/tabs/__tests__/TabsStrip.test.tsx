import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTabs } from '../../../platform';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

/** A developer on their profile, which asks for their (empty) API key. */
const onProfile = () =>
  loggedIn({
    permissionIds: [Perm.ShowDeployPage],
    routes: { '/user/getApiKey': [{ code: 0, data: '' }] },
  });

const strip = () => screen.findByRole('navigation', { name: 'Open pages' });

describe('the tabs strip', () => {
  beforeEach(() => useTabs.getState().reset());

  it('keeps a tab per visited page, with the search string it was left with', async () => {
    onProfile();
    const { router } = renderApp('/user/profile');
    expect(await within(await strip()).findByRole('tab', { name: 'Profile' })).toBeTruthy();
    await router.navigate({ href: '/user/profile?from=test' });
    await waitFor(() =>
      // The deploy page is a fixed tab (goploy's), first for anyone who may open it.
      expect(useTabs.getState().tabs).toMatchObject([
        { path: '/deploy/index', affix: true },
        { path: '/user/profile', fullPath: '/user/profile?from=test', query: 'from=test' },
      ]),
    );
  });

  it('offers refresh and close in the context menu; refresh rebuilds the page', async () => {
    const net = onProfile();
    const { router } = renderApp('/user/profile');
    const tab = await within(await strip()).findByRole('tab', { name: 'Profile' });
    await waitFor(() => expect(net.callsTo('/user/getApiKey')).toHaveLength(1));
    fireEvent.contextMenu(tab);
    expect(await screen.findByRole('menuitem', { name: /Close others/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Close all/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: /Refresh/ }));
    await waitFor(() => expect(net.callsTo('/user/getApiKey')).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/user/profile');
  });

  it('closes a tab with the middle button', async () => {
    onProfile();
    renderApp('/user/profile');
    const tab = await within(await strip()).findByRole('tab', { name: 'Profile' });
    useTabs.getState().visit({
      path: '/elsewhere',
      fullPath: '/elsewhere',
      name: '/elsewhere',
      titleKey: 'notFound',
      affix: false,
      query: '',
    });
    const other = await within(await strip()).findByRole('tab', { name: 'Page not found' });
    fireEvent(other.parentElement!, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await waitFor(() =>
      expect(useTabs.getState().tabs.map((t) => t.path)).toEqual([
        '/deploy/index',
        '/user/profile',
      ]),
    );
    expect(tab).toBeTruthy();
  });
});
