import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuItem, openRowMenu } from '../../../test/openRowMenu';
import { renderApp } from '../../../test/renderApp';
import { FP_NEW, FP_OLD, projectRow } from './projectRows';
import {
  ALL_PROJECT_PERMS,
  buttonIn,
  dialogTitled,
  findRow,
  rowOf,
  withProjects,
} from './projectSetup';

const PROJECTS = [
  projectRow(1, 'shop', {
    environment: 1,
    label: 'web,api',
    url: 'git@github.com:acme/shop.git',
    branch: 'release/2.0',
    serverIds: [1, 2, 3, 4],
    userIds: [7],
    symlinkPath: '/var/www/releases',
  }),
  projectRow(2, 'billing', {
    environment: 3,
    label: 'api',
    url: 'https://git.example.com/acme/billing.git',
    autoDeploy: 1,
  }),
  projectRow(3, 'static-site', { environment: 2, repoType: 'empty', url: '', branch: '' }),
];

const visible = () =>
  screen.queryAllByText(/./, { selector: 'td strong' }).map((e) => e.textContent);

describe('ProjectPage', () => {
  it('lists projects with environment, labels, repository links and bound names', async () => {
    const net = withProjects({ list: PROJECTS, labels: ['api', 'web'] });
    renderApp('/project/index');
    await findRow('shop');
    expect(net.callsTo('/project/getList')[0]?.method).toBe('GET');
    const shop = rowOf('shop');
    expect(shop.getByText('Production')).toBeTruthy();
    expect(shop.getByText('web')).toBeTruthy();
    expect(shop.getByText('api')).toBeTruthy();
    const repo = shop.getByText('git@github.com:acme/shop.git').closest('a');
    expect(repo?.getAttribute('href')).toBe('https://github.com/acme/shop');
    expect(repo?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(shop.getByText('release/2.0').closest('a')?.getAttribute('href')).toBe(
      'https://github.com/acme/shop/tree/release/2.0',
    );
    expect(await shop.findByText('web-1, web-2')).toBeTruthy();
    expect(shop.getByText('+2')).toBeTruthy();
    expect(shop.getByLabelText('And web-3, db-1')).toBeTruthy();
    expect(await shop.findByText('Alice')).toBeTruthy();
    expect(shop.getByText('releases in /var/www/releases, 10 kept')).toBeTruthy();

    const billing = rowOf('billing');
    expect(billing.getByText('Test')).toBeTruthy();
    // An unknown host gets no link, only the address.
    expect(billing.getByText('https://git.example.com/acme/billing.git').closest('a')).toBeNull();
    expect(rowOf('static-site').getByText('Pre-release')).toBeTruthy();
    expect(rowOf('static-site').getByText('No repository')).toBeTruthy();
    expect(screen.getByText('Total: 3')).toBeTruthy();
  });

  it('filters by name and by label', async () => {
    withProjects({ list: PROJECTS, labels: ['api', 'web'] });
    renderApp('/project/index');
    await findRow('shop');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), {
      target: { value: 'BILL' },
    });
    expect(visible()).toEqual(['billing']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), {
      target: { value: '' },
    });
    fireEvent.mouseDown(screen.getByLabelText('Filter by label'));
    fireEvent.click(await screen.findByTitle('api'));
    expect(visible()).toEqual(['shop', 'billing']);
    fireEvent.click(await screen.findByTitle('web'));
    expect(visible()).toEqual(['shop']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), {
      target: { value: 'billing' },
    });
    expect(screen.getByText('No project matches the filters')).toBeTruthy();
  });

  it('invites to add the first project when there is none', async () => {
    withProjects({ list: [] });
    renderApp('/project/index');
    expect(await screen.findByText('No projects yet', {}, { timeout: 5000 })).toBeTruthy();
    const adds = screen.getAllByText('Add project').map((e) => e.closest('button'));
    expect(adds).toHaveLength(2);
    fireEvent.click(adds[1]!);
    expect(await screen.findByText('Add a project')).toBeTruthy();
  });

  it('offers a retry when the list fails to load', async () => {
    const net = withProjects({
      routes: {
        '/project/getList': [
          { code: 2, message: 'Database is down', reason: 'internal_error' },
          { code: 0, data: { list: PROJECTS } },
        ],
      },
    });
    renderApp('/project/index');
    expect(
      await screen.findByText('Could not load the projects', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await findRow('shop')).toBeTruthy();
    expect(net.callsTo('/project/getList')).toHaveLength(2);
  });

  it('deletes a project after asking with goploy’s words', async () => {
    const net = withProjects({ list: PROJECTS, routes: { '/project/remove': [{ code: 0 }] } });
    renderApp('/project/index');
    await findRow('shop');
    fireEvent.click(menuItem(await openRowMenu('billing'), 'Delete'));
    const confirm = dialogTitled('Delete billing?');
    expect(confirm.getByText('This action will delete the billing, continue?')).toBeTruthy();
    expect(net.callsTo('/project/remove')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(net.callsTo('/project/remove')).toHaveLength(1));
    expect(net.callsTo('/project/remove')[0]).toMatchObject({ method: 'DELETE', body: { id: 2 } });
    expect(await screen.findByText('billing deleted')).toBeTruthy();
    await waitFor(() => expect(net.callsTo('/project/getList')).toHaveLength(2));
  });

  it('switches auto deploy and shows the webhook address to give the git host', async () => {
    const net = withProjects({
      list: PROJECTS,
      routes: { '/project/setAutoDeploy': [{ code: 0 }] },
    });
    renderApp('/project/index');
    await findRow('shop');
    fireEvent.click(rowOf('shop').getByRole('switch', { name: 'Auto deploy of shop' }));
    await waitFor(() => expect(net.callsTo('/project/setAutoDeploy')).toHaveLength(1));
    expect(net.callsTo('/project/setAutoDeploy')[0]).toMatchObject({
      method: 'PUT',
      body: { id: 1, autoDeploy: 1 },
    });
    expect(await screen.findByText('shop now deploys on every push')).toBeTruthy();
    fireEvent.click(rowOf('billing').getByRole('switch', { name: 'Auto deploy of billing' }));
    await waitFor(() => expect(net.callsTo('/project/setAutoDeploy')).toHaveLength(2));
    expect(net.callsTo('/project/setAutoDeploy')[1]?.body).toEqual({ id: 2, autoDeploy: 0 });

    fireEvent.click(rowOf('billing').getByLabelText('Webhook address of billing'));
    const address = await screen.findByLabelText('Webhook address', { selector: 'span' });
    expect(address.textContent).toBe(`${window.location.origin}/deploy/webhook?project_id=2`);
    expect(screen.getByText(/sending push events/)).toBeTruthy();
    expect(screen.getByLabelText('Copy the webhook address')).toBeTruthy();
  });

  it('hides every change from members who may only look', async () => {
    withProjects({ list: PROJECTS, permissionIds: [Perm.ShowProjectPage] });
    renderApp('/project/index');
    await findRow('shop');
    for (const text of ['Add project', 'Edit', 'Copy', 'Delete', 'Actions', 'More']) {
      expect(screen.queryByText(text), text).toBeNull();
      expect(screen.queryByLabelText(text), text).toBeNull();
    }
    expect(document.querySelector('[role="switch"]')).toBeNull();
    expect(rowOf('billing').getByText('On')).toBeTruthy();
    expect(rowOf('shop').getByText('Off')).toBeTruthy();
  });

  it('shows each button to those holding its permission', async () => {
    withProjects({
      list: PROJECTS,
      permissionIds: [Perm.ShowProjectPage, Perm.EditProject],
    });
    renderApp('/project/index');
    await findRow('shop');
    expect(screen.queryByText('Add project')).toBeNull();
    expect(buttonIn(rowOf('shop'), 'Edit')).toBeTruthy();
    expect(rowOf('shop').queryByText('Copy')).toBeNull();
    expect(rowOf('shop').queryByLabelText('Copy')).toBeNull();
    expect(rowOf('shop').queryByLabelText('Delete')).toBeNull();
    // Delete lives under More, which a row without it does not offer.
    expect(rowOf('shop').queryByLabelText('More actions for shop')).toBeNull();
    expect(document.querySelector('[role="switch"]')).toBeNull();
  });

  it('opens the notification log of a project that notifies, for those who may read it', async () => {
    withProjects({
      list: [projectRow(1, 'shop', { notifyType: 2 }), projectRow(2, 'quiet')],
      permissionIds: [...ALL_PROJECT_PERMS, Perm.ShowNotificationPage],
    });
    const { router } = renderApp('/project/index');
    await findRow('shop');
    expect(menuItem(await openRowMenu('quiet'), 'Delete')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Notification log');
    fireEvent.click(menuItem(await openRowMenu('shop'), 'Notification log'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/notification'));
    expect(router.state.location.search).toEqual({ tab: 'delivery', projectId: 1 });
  });

  it('offers no notification log to those who may not read it', async () => {
    withProjects({ list: [projectRow(1, 'shop', { notifyType: 2 })] });
    renderApp('/project/index');
    await findRow('shop');
    const menu = await openRowMenu('shop');
    expect(menuItem(menu, 'Delete')).toBeTruthy();
    expect(menu.queryByText('Notification log')).toBeNull();
  });

  it('warns about a changed repository host key and accepts it after a confirmation', async () => {
    const changed = projectRow(4, 'api', {
      url: 'git@gitlab.com:acme/api.git',
      repoHostKey: FP_OLD,
      repoPendingHostKey: FP_NEW,
    });
    const net = withProjects({
      list: [...PROJECTS, changed],
      routes: { '/project/acceptRepoHostKey': [{ code: 0, data: { hostKey: FP_NEW } }] },
    });
    renderApp('/project/index');
    await findRow('api');
    expect(rowOf('api').getByText('Host key changed')).toBeTruthy();
    expect(rowOf('shop').queryByText('Host key changed')).toBeNull();
    // Label queries: role queries compute every style of a table row in jsdom, slowly.
    fireEvent.click(
      rowOf('api').getByLabelText('Accept the new host key of the repository of api'),
    );
    const confirm = dialogTitled('Accept the new host key of the repository of api?');
    const text = confirm.getByText(/only if the git server was reinstalled/).textContent ?? '';
    expect(text).toContain(`Trusted key: ${FP_OLD}`);
    expect(text).toContain(`New key: ${FP_NEW}`);
    expect(net.callsTo('/project/acceptRepoHostKey')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Accept new key' }));
    await waitFor(() => expect(net.callsTo('/project/acceptRepoHostKey')).toHaveLength(1));
    expect(net.callsTo('/project/acceptRepoHostKey')[0]?.body).toEqual({ id: 4 });
    expect(
      await screen.findByText('The new host key of the repository of api is trusted'),
    ).toBeTruthy();
  });

  it('keeps the accept button from those who may not edit', async () => {
    const changed = projectRow(4, 'api', { repoPendingHostKey: FP_NEW });
    withProjects({ list: [changed], permissionIds: [Perm.ShowProjectPage] });
    renderApp('/project/index');
    await findRow('api');
    expect(rowOf('api').getByText('Host key changed')).toBeTruthy();
    expect(
      rowOf('api').queryByLabelText('Accept the new host key of the repository of api'),
    ).toBeNull();
  });
});
