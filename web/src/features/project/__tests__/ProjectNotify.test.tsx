import { Perm } from '@ferry/contract/client';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { EditorStub, openDrawer, SHOP, showTab } from './projectFormSetup';
import { ALL_PROJECT_PERMS, buttonIn, fieldById, pickOption, typeInto } from './projectSetup';

vi.mock('../components/ScriptEditor', () => ({ ScriptEditor: EditorStub }));

const DINGTALK = 'https://oapi.dingtalk.com/robot/send?access_token=0123456789abcdefab12';
/** The address as the console answers it: the channel's token masked. */
const MASKED = 'https://oapi.dingtalk.com/robot/send?access_token=••••ab12';
const SIGNED_SHOP = { ...SHOP, notifyType: 2, notifyTarget: MASKED, hasNotifySecret: true };

const attempt = (code: string, message: string) => ({
  attempt: 1,
  httpStatus: 200,
  code,
  message,
  durationMs: 90,
  time: '2026-11-26 10:42:06',
});

/** Edits the shop, which posts to DingTalk with a stored secret, on its Notifications tab. */
async function editSignedShop(routes = {}) {
  const opened = await openDrawer(
    { row: 'shop', action: 'Edit', title: 'Edit shop' },
    {
      list: [SIGNED_SHOP],
      routes,
      permissionIds: [...ALL_PROJECT_PERMS, Perm.ShowNotificationPage],
    },
  );
  await showTab('Notifications');
  return opened;
}

/** The Stored tag of the signing secret (the repository's token has one too). */
const secretStored = () =>
  fieldById('notifySecret').closest('.ant-form-item')?.querySelector('.ant-tag') ?? null;

const editBody = (net: Awaited<ReturnType<typeof openDrawer>>['net']) =>
  net.callsTo('/project/edit')[0]?.body as Record<string, unknown>;

describe('project drawer: notification secret and test message', () => {
  it('keeps the stored secret when the field stays empty, and never shows it', async () => {
    const { net, drawer } = await editSignedShop();
    const secret = fieldById('notifySecret');
    expect(secret.value).toBe('');
    expect(secret.getAttribute('type')).toBe('password');
    expect(secret.getAttribute('placeholder')).toBe('Stored — leave empty to keep');
    expect(secretStored()?.textContent).toBe('Stored');
    expect(drawer.getByText(/signing secret \(加签, starts with SEC\)/)).toBeTruthy();
    fireEvent.click(buttonIn(drawer, 'Save'));
    await waitFor(() => expect(net.callsTo('/project/edit')).toHaveLength(1));
    // The mask sent back keeps the stored address.
    expect(editBody(net)).toMatchObject({
      notifyType: 2,
      notifyTarget: MASKED,
      notifySecret: '',
    });
  });

  it('shows the whole address on request, and saves it as shown', async () => {
    const { net, drawer } = await editSignedShop({
      '/project/showNotifyTarget': [{ code: 0, data: { notifyTarget: DINGTALK } }],
    });
    expect(fieldById('notifyTarget').value).toBe(MASKED);
    expect(drawer.getByText(/saving keeps the stored address/)).toBeTruthy();
    fireEvent.click(buttonIn(drawer, 'Show'));
    await waitFor(() => expect(fieldById('notifyTarget').value).toBe(DINGTALK));
    expect(net.callsTo('/project/showNotifyTarget')[0]?.body).toEqual({ id: 1 });
    fireEvent.click(buttonIn(drawer, 'Save'));
    await waitFor(() => expect(net.callsTo('/project/edit')).toHaveLength(1));
    expect(editBody(net)).toMatchObject({ notifyTarget: DINGTALK });
  });

  it('sends a new secret, and explains the secret of each channel', async () => {
    const { net, drawer } = await editSignedShop();
    await pickOption('notifyType', 'Feishu');
    await act(() => Promise.resolve());
    // Another channel drops the stored secret.
    expect(secretStored()).toBeNull();
    expect(drawer.getByText(/signature verification secret/)).toBeTruthy();
    await pickOption('notifyType', 'Custom webhook');
    await act(() => Promise.resolve());
    expect(drawer.getByText(/X-Ferry-Signature: sha256=<hex>/)).toBeTruthy();
    await pickOption('notifyType', 'WeCom');
    await act(() => Promise.resolve());
    expect(document.getElementById('notifySecret')).toBeNull();
    await pickOption('notifyType', 'DingTalk');
    await act(() => Promise.resolve());
    typeInto('notifySecret', ' SECnew ');
    fireEvent.click(buttonIn(drawer, 'Save'));
    await waitFor(() => expect(net.callsTo('/project/edit')).toHaveLength(1));
    expect(editBody(net)).toMatchObject({ notifyType: 2, notifySecret: 'SECnew' });
  });

  it('sends a test message and says it was sent once the channel accepted it', async () => {
    const { net, drawer } = await editSignedShop({
      '/notification/sendTest': [{ code: 0, data: { id: 40 } }],
      '/notification/getDeliveryAttempts': [
        { code: 0, data: { list: [] } },
        { code: 0, data: { list: [attempt('ok', '')] } },
      ],
    });
    fireEvent.click(buttonIn(drawer, 'Send test message'));
    expect(await drawer.findByText("Waiting for the channel's answer…")).toBeTruthy();
    expect(
      await drawer.findByText('Sent: the channel accepted the test message', {}, { timeout: 5000 }),
    ).toBeTruthy();
    // The console sends to the stored address its mask stands for.
    expect(net.callsTo('/notification/sendTest')[0]?.body).toEqual({
      projectId: 1,
      notifyType: 2,
      notifyTarget: MASKED,
      notifySecret: '',
    });
    expect(net.callsTo('/notification/getDeliveryAttempts').map(queryOf)).toEqual([
      { id: '40' },
      { id: '40' },
    ]);
    const logOfShop = '/member/notification?tab=delivery&projectId=1';
    expect(drawer.getByText('Open the delivery log').closest('a')?.getAttribute('href')).toBe(
      logOfShop,
    );
    expect(
      drawer.getByText('Delivery log of this project').closest('a')?.getAttribute('href'),
    ).toBe(logOfShop);
    // Another address makes the answer stale.
    typeInto('notifyTarget', 'https://oapi.dingtalk.com/robot/send?access_token=other');
    await waitFor(() =>
      expect(drawer.queryByText('Sent: the channel accepted the test message')).toBeNull(),
    );
  });

  it("shows the channel's code and message when it refuses the test message", async () => {
    const { drawer } = await editSignedShop({
      '/notification/sendTest': [{ code: 0, data: { id: 41 } }],
      '/notification/getDeliveryAttempts': [
        { code: 0, data: { list: [attempt('310000', 'sign not match')] } },
      ],
    });
    typeInto('notifySecret', 'SECwrong');
    fireEvent.click(buttonIn(drawer, 'Send test message'));
    expect(
      await drawer.findByText('The test message was not delivered', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(drawer.getByText('310000: sign not match')).toBeTruthy();
  });

  it('checks the address before sending a test', async () => {
    const { net, drawer } = await editSignedShop();
    typeInto('notifyTarget', 'not an address');
    fireEvent.click(buttonIn(drawer, 'Send test message'));
    expect(await drawer.findByText(/http:\/\/ or https:\/\//)).toBeTruthy();
    expect(net.callsTo('/notification/sendTest')).toHaveLength(0);
  });
});
