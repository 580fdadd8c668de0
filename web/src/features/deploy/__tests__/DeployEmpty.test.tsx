import { Perm } from '@ferry/contract/client';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp';
import { ALL_DEPLOY_PERMS, withDeploys } from './deploySetup';

const SWITCH_HINT =
  'You are in the namespace “default”: the namespace menu at the top of the page opens the others.';

describe('the empty deploy page', () => {
  it('offers to add a project to those who may, and points to the namespace menu', async () => {
    withDeploys({ permissionIds: [...ALL_DEPLOY_PERMS, Perm.AddProject] });
    renderApp('/deploy/index');
    expect(await screen.findByText('No projects you may deploy')).toBeTruthy();
    expect(screen.getByText(SWITCH_HINT)).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add project' });
    add.click();
    await waitFor(
      () => expect(document.querySelector('.ant-drawer-title')?.textContent).toBe('Add a project'),
      { timeout: 10_000 },
    );
  });

  it('offers no Add button to those who may not add a project', async () => {
    withDeploys();
    renderApp('/deploy/index');
    expect(await screen.findByText(SWITCH_HINT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add project' })).toBeNull();
  });
});
