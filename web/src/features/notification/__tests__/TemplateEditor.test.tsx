import { Perm } from '@ferry/contract/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogWith } from '../../../test/dialogWith';
import { renderApp } from '../../../test/renderApp';
import { DINGTALK_DEPLOY, TEMPLATES, withNotifications } from './notificationRows';

/** Opens the templates tab and the editor of DingTalk's deploy template. */
async function openDingTalkDeploy(label = 'Edit the DingTalk Deploy template') {
  renderApp('/member/notification');
  fireEvent.click(await screen.findByLabelText(label, {}, { timeout: 5000 }));
  const drawer = await screen.findByRole('dialog', { name: 'DingTalk · Deploy' });
  return within(drawer);
}

const previewBody = () => screen.getByTestId('preview-body').textContent;
/** The drawer's Save button (a selector: role queries crawl the whole page slowly). */
const saveButton = () => {
  const button = [...document.querySelectorAll('.ant-drawer-footer button')].find(
    (b) => b.textContent === 'Save',
  );
  if (!button) throw new Error('no Save button');
  return button;
};

describe('notification templates', () => {
  it('shows the nine templates by channel and use', async () => {
    withNotifications();
    renderApp('/member/notification');
    expect(await screen.findByText('WeCom', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('DingTalk')).toBeTruthy();
    expect(screen.getByText('Feishu')).toBeTruthy();
    expect(await screen.findAllByText('Server warning')).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: /^Edit the / })).toHaveLength(9);
  });

  it('previews the template with sample data while typing, and saves it', async () => {
    const net = withNotifications({ routes: { '/notification/edit': [{ code: 0 }] } });
    const drawer = await openDingTalkDeploy();
    // The default renders with the sample deploy at once.
    expect(previewBody()).toContain('Publisher: Alice');
    expect(saveButton()).toHaveProperty('disabled', true);

    fireEvent.change(drawer.getByLabelText('Template'), {
      target: {
        value: '{{project.name}} by {{deploy.publisher}}{{#each servers}} {{name}}{{/each}}',
      },
    });
    await act(() => Promise.resolve());
    expect(previewBody()).toBe('shop-api by Alice web-1 web-2');
    fireEvent.change(drawer.getByLabelText('Title'), {
      target: { value: 'Shipped {{commit.tag}}' },
    });
    await act(() => Promise.resolve());
    expect(screen.getByTestId('preview-title').textContent).toBe('Shipped v2.4.1');

    fireEvent.click(saveButton());
    await waitFor(() => expect(net.callsTo('/notification/edit')).toHaveLength(1));
    expect(net.callsTo('/notification/edit')[0]?.body).toEqual({
      id: DINGTALK_DEPLOY.id,
      title: 'Shipped {{commit.tag}}',
      template: '{{project.name}} by {{deploy.publisher}}{{#each servers}} {{name}}{{/each}}',
    });
    expect(await screen.findByText('Template saved')).toBeTruthy();
  });

  it('shows where a template does not parse and refuses to save it', async () => {
    const net = withNotifications();
    const drawer = await openDingTalkDeploy();
    fireEvent.change(drawer.getByLabelText('Template'), {
      target: { value: 'Hello\n  {{#iff deploy.succeeded}}ok{{/iff}}' },
    });
    await act(() => Promise.resolve());
    expect(
      drawer.getByText('Line 2, column 3: unknown block "#iff" (use #if, #unless or #each)'),
    ).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(previewBody()).toBe('The preview shows once the text parses');
    fireEvent.click(saveButton());

    // Fixed, it may be saved again.
    fireEvent.change(drawer.getByLabelText('Template'), {
      target: { value: 'Hello\n  {{#if deploy.succeeded}}ok{{/if}}' },
    });
    await act(() => Promise.resolve());
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    await waitFor(() => expect(drawer.queryByText(/^Line \d+, column/)).toBeNull());
    expect(net.callsTo('/notification/edit')).toHaveLength(0);
  });

  it('asks before putting a template back to its default', async () => {
    const net = withNotifications({
      routes: {
        '/notification/reset': [
          { code: 0, data: { ...DINGTALK_DEPLOY, title: 'Fresh title', template: 'Fresh body' } },
        ],
      },
    });
    const drawer = await openDingTalkDeploy();
    fireEvent.click(drawer.getByRole('button', { name: /Reset to default/ }));
    const ask = await dialogWith('Reset this template to its default?');
    expect(net.callsTo('/notification/reset')).toHaveLength(0);
    fireEvent.click(ask.getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(net.callsTo('/notification/reset')).toHaveLength(1));
    expect(net.callsTo('/notification/reset')[0]?.body).toEqual({ id: DINGTALK_DEPLOY.id });
    expect(await screen.findByText('Template reset to its default')).toBeTruthy();
    await waitFor(() =>
      expect(drawer.getByLabelText<HTMLTextAreaElement>('Template').value).toBe('Fresh body'),
    );
    expect(previewBody()).toBe('Fresh body');
  });

  it('lists the language and the fields of the use, from its sample data', async () => {
    withNotifications();
    const drawer = await openDingTalkDeploy();
    fireEvent.click(drawer.getByText('Template language'));
    expect(await drawer.findByText('{{#each servers}}{{name}}{{/each}}')).toBeTruthy();
    fireEvent.click(drawer.getByText('Fields of a Deploy message'));
    expect(await drawer.findByText('commit.shortId')).toBeTruthy();
    expect(drawer.getByText('3f9a1c7')).toBeTruthy();
    expect(drawer.getByText('#each servers')).toBeTruthy();
  });

  it('shows a reader without the right to edit the templates and preview, and no edit actions', async () => {
    const net = withNotifications({ permissionIds: [Perm.ShowNotificationPage] });
    const drawer = await openDingTalkDeploy('View the DingTalk Deploy template');
    expect(screen.queryAllByRole('button', { name: /^Edit the / })).toHaveLength(0);
    expect(screen.getByText(/changing them needs the Edit notification permission/)).toBeTruthy();
    expect(drawer.getByLabelText<HTMLTextAreaElement>('Template').readOnly).toBe(true);
    expect(drawer.getByLabelText<HTMLTextAreaElement>('Template').value).toBe(
      DINGTALK_DEPLOY.template,
    );
    expect(previewBody()).toContain('Publisher: Alice');
    expect(drawer.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(drawer.queryByRole('button', { name: /Reset to default/ })).toBeNull();
    expect(drawer.getByText('Close', { selector: 'button span' })).toBeTruthy();
    expect(net.callsTo('/notification/getList')).toHaveLength(1);
    expect(TEMPLATES).toHaveLength(9);
  });
});
