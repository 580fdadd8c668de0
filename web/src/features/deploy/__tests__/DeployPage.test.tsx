import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTabs } from '../../../platform';
import { renderApp } from '../../../test/renderApp';
import { commitInfo, deployRow, progressFrame } from './deployRows';
import { cardOf, findCard, progress, withDeploys } from './deploySetup';

const SHOP = deployRow(1, 'shop', {
  environment: 1,
  label: 'web',
  deployState: 2,
  lastPublishToken: 'tok-old',
  publisherId: 5,
  publisherName: 'Myself',
  updateTime: '2026-01-02 10:01:00',
  publishExt: JSON.stringify(commitInfo({ tag: 'v1.2.0' })),
  serverIds: [1, 2, 3],
});
const BILLING = deployRow(2, 'billing', { environment: 3, label: 'api', serverIds: [4] });

describe('DeployPage', () => {
  it('lists the projects as cards with their state, last commit and publisher', async () => {
    const net = withDeploys({ list: [SHOP, BILLING] });
    renderApp('/deploy/index');
    const shop = await findCard('shop');
    expect(shop.getByText('Production')).toBeTruthy();
    expect(shop.getByText('Success')).toBeTruthy();
    expect(shop.getByText('a1b2c3d')).toBeTruthy();
    expect(shop.getByText('Fix the checkout')).toBeTruthy();
    expect(shop.getByText('main')).toBeTruthy();
    expect(shop.getByText('v1.2.0')).toBeTruthy();
    expect(shop.getByText(/Myself, 2026-01-02 10:01:00/)).toBeTruthy();
    expect(shop.getByText(/3 servers/)).toBeTruthy();
    const billing = cardOf('billing');
    expect(billing.getByText('Not deployed')).toBeTruthy();
    expect(billing.getByText('Not deployed yet')).toBeTruthy();
    expect(billing.getByText(/1 server$/)).toBeTruthy();
    expect(net.callsTo('/deploy/getList')).toHaveLength(1);
  });

  it('patches a card from hub frames without reloading the list', async () => {
    const net = withDeploys({ list: [SHOP, BILLING] });
    renderApp('/deploy/index');
    await findCard('shop');
    progress(
      progressFrame(1, { token: 't1', status: 'queued', stage: 'queue', state: 0, ahead: 2 }),
    );
    expect(cardOf('shop').getByText('Queued, 2 ahead')).toBeTruthy();
    progress(progressFrame(1, { token: 't1', stage: 'transfer' }));
    expect(cardOf('shop').getByText('Deploying: Transfer')).toBeTruthy();
    expect(cardOf('shop').getByRole('button', { name: /Cancel deploy/ })).toBeTruthy();
    // One deploy at a time from the card: Deploy waits, in its place, until this one ends.
    expect(cardOf('shop').getByRole('button', { name: /Deploy$/ })).toHaveProperty(
      'disabled',
      true,
    );
    const next = commitInfo({ commit: 'b'.repeat(40), message: 'Ship it' });
    progress(
      progressFrame(1, { token: 't1', stage: 'finish', status: 'succeeded', state: 2, ext: next }),
    );
    expect(cardOf('shop').getByText('Success')).toBeTruthy();
    expect(cardOf('shop').getByText('bbbbbbb')).toBeTruthy();
    expect(cardOf('shop').queryByRole('button', { name: /Cancel deploy/ })).toBeNull();
    expect(cardOf('shop').getByRole('button', { name: /Deploy$/ })).toHaveProperty(
      'disabled',
      false,
    );
    // Another project's frame leaves this card alone.
    progress(progressFrame(2, { token: 't9', status: 'failed', state: 3 }));
    expect(cardOf('billing').getByText('Failed')).toBeTruthy();
    expect(cardOf('shop').getByText('Success')).toBeTruthy();
    expect(net.callsTo('/deploy/getList')).toHaveLength(1);
  });

  it('shows members without deploy permissions no deploy, rollback or reset action', async () => {
    withDeploys({ list: [SHOP, BILLING], permissionIds: [Perm.ShowDeployPage] });
    renderApp('/deploy/index');
    await findCard('shop');
    for (const name of [/Deploy$/, /Cancel deploy/, /Last deploy/, /More actions/]) {
      expect(screen.queryByRole('button', { name }), String(name)).toBeNull();
    }
    expect(cardOf('shop').getByText('Success')).toBeTruthy();
  });

  it('offers each action to those holding its permission', async () => {
    withDeploys({ list: [SHOP], permissionIds: [Perm.ShowDeployPage, Perm.DeployDetail] });
    renderApp('/deploy/index');
    await findCard('shop');
    expect(cardOf('shop').queryByRole('button', { name: /Deploy$/ })).toBeNull();
    expect(cardOf('shop').getByRole('button', { name: /Last deploy/ })).toBeTruthy();
    fireEvent.click(cardOf('shop').getByRole('button', { name: 'More actions for shop' }));
    expect(await screen.findByRole('menuitem', { name: /History/ })).toBeTruthy();
    for (const item of [/Reset state/, /Grey deploy/, /Deploy a commit/, /Deploy a tag/]) {
      expect(screen.queryByRole('menuitem', { name: item }), String(item)).toBeNull();
    }
  });

  it('filters, pins to the top and switches to a table, remembering both', async () => {
    withDeploys({ list: [SHOP, BILLING, deployRow(3, 'shop-admin', { environment: 3 })] });
    renderApp('/deploy/index');
    await findCard('shop');
    const names = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(names()).toEqual(['shop', 'billing', 'shop-admin']);
    fireEvent.click(
      cardOf('shop-admin').getByRole('button', { name: 'Pin shop-admin to the top' }),
    );
    expect(names()).toEqual(['shop-admin', 'shop', 'billing']);
    expect(JSON.parse(localStorage.getItem('ferry.deploy.pinned') ?? '[]')).toEqual([3]);
    expect(cardOf('shop-admin').getByRole('button', { name: 'Unpin shop-admin' })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by environment' }));
    fireEvent.click(await screen.findByTitle('Test'));
    expect(names()).toEqual(['shop-admin', 'billing']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), {
      target: { value: 'zzz' },
    });
    expect(screen.getByText('No project matches the filters')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name' }), {
      target: { value: '' },
    });

    fireEvent.click(screen.getByText('Table'));
    expect(await screen.findByRole('columnheader', { name: 'Last commit' })).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem('ferry.deploy.view') ?? '""')).toBe('table');
  });

  it('says when there is no project to deploy, and retries a failed load', async () => {
    const net = withDeploys({
      routes: {
        '/deploy/getList': [
          { code: 2, message: 'Database is down', reason: 'internal_error' },
          { code: 0, data: { list: [] } },
        ],
      },
    });
    renderApp('/deploy/index');
    expect(
      await screen.findByText('Could not load the projects', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('No projects you may deploy')).toBeTruthy();
    expect(net.callsTo('/deploy/getList')).toHaveLength(2);
  });

  it('is a fixed tab and the first page of a deployer', async () => {
    useTabs.getState().reset();
    withDeploys({ list: [SHOP] });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/deploy/index'));
    expect(await screen.findByRole('tab', { name: 'Deploy projects' })).toBeTruthy();
    expect(useTabs.getState().tabs).toMatchObject([{ path: '/deploy/index', affix: true }]);
  });
});
