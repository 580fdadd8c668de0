import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';
import { projectRow } from './projectRows';
import { findRow, rowOf, withProjects } from './projectSetup';

const SHOP = projectRow(1, 'shop', { url: 'git@github.com:acme/shop.git', autoDeploy: 1 });
const SECRET = 'N3wS3cretShownOnce0000000000000000000000';

const DELIVERIES = {
  list: [
    {
      id: 2,
      provider: 'github',
      event: 'push',
      deliveryId: 'gh-1',
      branch: 'main',
      commitId: 'abcdef0123456789abcdef0123456789abcdef01',
      accepted: true,
      reason: '',
      token: '5f0c1e2a-0000-4000-8000-000000000000',
      remoteAddr: '192.0.2.1',
      insertTime: '2026-11-26 10:42:06',
    },
    {
      id: 1,
      provider: 'gitlab',
      event: 'Push Hook',
      deliveryId: 'gl-1',
      branch: 'feature/x',
      commitId: '',
      accepted: false,
      reason: 'signature_invalid',
      token: '',
      remoteAddr: '192.0.2.1',
      insertTime: '2026-11-26 10:40:00',
    },
  ],
  pagination: { page: 1, rows: 20, total: 2 },
  unsigned: { count: 1000, lastTime: '2026-11-26 10:41:00' },
};

async function openWebhook(permissionIds?: number[]) {
  const net = withProjects({
    list: [SHOP],
    ...(permissionIds ? { permissionIds } : {}),
    routes: {
      '/project/resetWebhookSecret': [{ code: 0, data: { secret: SECRET } }],
      '/project/getWebhookDeliveryList': [{ code: 0, data: DELIVERIES }],
    },
  });
  renderApp('/project/index');
  await findRow('shop');
  fireEvent.click(rowOf('shop').getByLabelText('Webhook address of shop'));
  await screen.findByLabelText('Webhook address', { selector: 'span' });
  return net;
}

describe('project webhook popover', () => {
  it('shows a new secret once, after a confirmation, with a copy button', async () => {
    const net = await openWebhook();
    expect(screen.getByText(/must be signed with this project's secret/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Reset secret/ }));
    const confirm = await screen.findByText(/The current one stops working at once/);
    const popconfirm = confirm.closest('.ant-popconfirm') as HTMLElement;
    fireEvent.click(within(popconfirm).getByRole('button', { name: 'Reset secret' }));
    await waitFor(() => expect(net.callsTo('/project/resetWebhookSecret')).toHaveLength(1));
    expect(net.callsTo('/project/resetWebhookSecret')[0]).toMatchObject({
      method: 'PUT',
      body: { id: 1 },
    });
    expect((await screen.findByLabelText('Webhook secret')).textContent).toBe(SECRET);
    expect(screen.getByText(/shown only once/)).toBeTruthy();
    expect(screen.getByLabelText('Copy the webhook secret')).toBeTruthy();
  });

  it("links to the repository's webhook settings and tells SVN to send the token", async () => {
    await openWebhook();
    fireEvent.click(screen.getByText('GitHub'));
    const link = await screen.findByText("Open the repository's webhook settings");
    expect(link.closest('a')?.getAttribute('href')).toBe(
      'https://github.com/acme/shop/settings/hooks',
    );
    fireEvent.click(screen.getByText('SVN'));
    const command = await screen.findByLabelText('SVN', { selector: 'span' });
    expect(command.textContent).toContain('/deploy/webhook?project_id=1&token=<secret>');
    expect(command.textContent).toContain('X-SVN-Event: push');
    // The revision makes each call differ: the same call twice is refused as a replay.
    expect(command.textContent).toContain(`"revision":'"$2"'`);
  });

  it('lists the deliveries with their outcome and why one was refused', async () => {
    const net = await openWebhook();
    fireEvent.click(screen.getByRole('button', { name: /Delivery log/ }));
    const title = await screen.findByText('Webhook deliveries of shop');
    const drawer = within(title.closest('.ant-drawer') as HTMLElement);
    expect(await drawer.findByText('Accepted')).toBeTruthy();
    expect(drawer.getByText('Refused')).toBeTruthy();
    expect(drawer.getByText('main @ abcdef0')).toBeTruthy();
    expect(drawer.getByText('feature/x')).toBeTruthy();
    // Why it was refused shows in the row; the popover gave way to the drawer.
    expect(drawer.getByText('The signature or token does not match the secret')).toBeTruthy();
    // Calls without a valid signature are counted, only the newest of them listed.
    expect(
      drawer.getByText(
        '1000 refused calls without a valid signature, the last at 2026-11-26 10:41:00',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull(),
    );
    expect(queryOf(net.callsTo('/project/getWebhookDeliveryList')[0])).toEqual({
      id: '1',
      page: '1',
      rows: '20',
    });
  });

  it('offers neither the reset nor the log to members who may only look', async () => {
    await openWebhook([Perm.ShowProjectPage, Perm.GetAllProjectList]);
    expect(screen.queryByRole('button', { name: /Reset secret/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delivery log/ })).toBeNull();
  });
});
