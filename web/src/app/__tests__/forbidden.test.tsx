import { Perm } from '@ferry/contract/client';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../../test/loggedIn';
import { renderApp } from '../../test/renderApp';

describe('pages the role may not open', () => {
  it('answers 403 with whom to ask, not the 404 of an unknown path', async () => {
    loggedIn({ permissionIds: [Perm.ShowDeployPage] });
    const { router } = renderApp('/member/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(await screen.findByText('No access', { selector: '.ant-result-title' })).toBeTruthy();
    expect(
      screen.getByText(/Your role in the namespace “default” may not open this page/),
    ).toBeTruthy();
    expect(screen.getByText(/Ask a super manager/)).toBeTruthy();
    expect(screen.queryByText('This page does not exist.')).toBeNull();
  });

  it('answers 404 to a path that is no page', async () => {
    loggedIn({ permissionIds: [Perm.ShowDeployPage] });
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('This page does not exist.')).toBeTruthy();
    expect(screen.queryByText('No access')).toBeNull();
  });
});
