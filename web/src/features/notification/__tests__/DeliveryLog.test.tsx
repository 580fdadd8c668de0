import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { dialogWith } from '../../../test/dialogWith';
import { renderApp } from '../../../test/renderApp';
import { withNotifications } from './notificationRows';

const rowOf = (subject: string) => {
  const row = screen.getByText(subject).closest('tr');
  if (!row) throw new Error(`no row ${subject}`);
  return within(row);
};

const openLog = async () => {
  const view = renderApp('/member/notification?tab=delivery');
  await screen.findByText('Deploy shop-api failed', {}, { timeout: 5000 });
  return view;
};

describe('notification delivery log', () => {
  it('lists the messages with their state, channel, host and tries, paged by the server', async () => {
    const net = withNotifications();
    await openLog();
    expect(queryOf(net.callsTo('/notification/getDeliveryList')[0])).toEqual({
      subject: '',
      projectId: '0',
      channel: '0',
      state: '',
      page: '1',
      rows: '20',
    });
    const pending = rowOf('Deploy shop-api failed');
    expect(pending.getByText('Pending').closest('.ant-tag-processing')).toBeTruthy();
    expect(pending.getByText('Next try at 10:45:05')).toBeTruthy();
    expect(pending.getByText('DingTalk')).toBeTruthy();
    expect(pending.getByText('oapi.dingtalk.com')).toBeTruthy();
    expect(pending.getByText('310000: sign not match')).toBeTruthy();
    const sent = rowOf('Deploy shop-api succeeded');
    expect(sent.getByText('Sent').closest('.ant-tag-success')).toBeTruthy();
    expect(sent.getByText('Feishu')).toBeTruthy();
    const failed = rowOf('Test message for shop-api');
    expect(failed.getByText('Failed').closest('.ant-tag-error')).toBeTruthy();
    expect(failed.getByText('Custom webhook')).toBeTruthy();
    expect(failed.getByText('5')).toBeTruthy();
    // Queued by the console itself, not by a person.
    expect(failed.getByText('System')).toBeTruthy();
    expect(screen.getByText('Total: 3')).toBeTruthy();
  });

  it('sends the filters and keeps them in the address', async () => {
    const net = withNotifications({
      routes: {
        '/deploy/getList': [
          {
            code: 0,
            data: {
              list: [
                { id: 7, name: 'shop-api' },
                { id: 8, name: 'blog' },
              ],
            },
          },
        ],
      },
      permissionIds: [Perm.ShowNotificationPage, Perm.ShowDeployPage],
    });
    const { router } = await openLog();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: ' failed ' } });
    fireEvent.mouseDown(screen.getByLabelText('State'));
    fireEvent.click(await screen.findByTitle('Failed'));
    fireEvent.mouseDown(screen.getByLabelText('Project'));
    fireEvent.click(await screen.findByTitle('blog'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(queryOf(net.callsTo('/notification/getDeliveryList').at(-1))).toEqual({
        subject: 'failed',
        projectId: '8',
        channel: '0',
        state: 'failed',
        page: '1',
        rows: '20',
      }),
    );
    expect(queryOf(net.callsTo('/notification/getDeliveryTotal').at(-1))).toEqual({
      subject: 'failed',
      projectId: '8',
      channel: '0',
      state: 'failed',
    });
    expect(router.state.location.search).toEqual({
      tab: 'delivery',
      subject: 'failed',
      projectId: 8,
      state: 'failed',
    });
  });

  it('lists every try of a message in its drawer', async () => {
    const net = withNotifications();
    await openLog();
    fireEvent.click(rowOf('Deploy shop-api failed').getByRole('button', { name: /Tries/ }));
    const drawer = await dialogWith('Tries of “Deploy shop-api failed”');
    expect(await drawer.findByText('Try 1')).toBeTruthy();
    expect(queryOf(net.callsTo('/notification/getDeliveryAttempts')[0])).toEqual({ id: '31' });
    const tries = drawer.getAllByTestId('attempt').map((a) => within(a));
    expect(tries).toHaveLength(2);
    expect(tries[0]!.getByText('310000').closest('.ant-tag-error')).toBeTruthy();
    expect(tries[0]!.getByText('HTTP 200')).toBeTruthy();
    expect(tries[0]!.getByText('sign not match')).toBeTruthy();
    expect(tries[0]!.getByText('118 ms')).toBeTruthy();
    expect(tries[0]!.getByText('2026-11-26 10:42:06')).toBeTruthy();
    expect(tries[1]!.getByText('No HTTP answer')).toBeTruthy();
    expect(tries[1]!.getByText('no answer in time')).toBeTruthy();
  });

  it('sends a message again after asking, and reloads the log', async () => {
    const net = withNotifications({
      routes: { '/notification/resend': [{ code: 0, data: { id: 32 } }] },
    });
    await openLog();
    const loads = net.callsTo('/notification/getDeliveryList').length;
    fireEvent.click(rowOf('Test message for shop-api').getByRole('button', { name: /Send again/ }));
    const ask = await dialogWith('Send this message again?');
    expect(net.callsTo('/notification/resend')).toHaveLength(0);
    fireEvent.click(ask.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(net.callsTo('/notification/resend')).toHaveLength(1));
    expect(net.callsTo('/notification/resend')[0]?.body).toEqual({ id: 29 });
    expect(await screen.findByText('Message queued again')).toBeTruthy();
    await waitFor(() =>
      expect(net.callsTo('/notification/getDeliveryList').length).toBeGreaterThan(loads),
    );
  });

  it('offers no Send again without the right to edit notifications or projects', async () => {
    withNotifications({ permissionIds: [Perm.ShowNotificationPage] });
    await openLog();
    expect(rowOf('Test message for shop-api').getByRole('button', { name: /Tries/ })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /Send again/ })).toHaveLength(0);
  });

  it('says so when the log cannot be loaded, with a retry', async () => {
    withNotifications({
      routes: { '/notification/getDeliveryList': [{ code: 1, message: 'database is down' }] },
    });
    renderApp('/member/notification?tab=delivery');
    expect(
      await screen.findByText('Could not load the delivery log', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('database is down')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});
