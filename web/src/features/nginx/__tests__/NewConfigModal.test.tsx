import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderTemplate, defaultFields } from '../utils/nginxTemplates';
import { openNginxPage, refusedByNginx, SITES } from './nginxPageSetup';

// The first wait includes the lazy page and its first answers: seconds on a loaded machine.
const T = { timeout: 10_000 };

/** The dialog by its title (antd's ids are all alike under test, so its name is not its title). */
async function newDialog(): Promise<HTMLElement> {
  const title = await screen.findByText('New configuration file', {}, T);
  const dialog = title.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('the new configuration dialog is not open');
  return dialog;
}

async function openNewDialog() {
  fireEvent.click(await screen.findByRole('button', { name: /New/ }, T));
  return within(await newDialog());
}

async function pickOption(label: string, text: string) {
  fireEvent.mouseDown(within(await newDialog()).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(text, { selector: '.ant-select-item-option-content' }));
}

describe('a new configuration from a template', () => {
  it('sends the filled template, named after its host, to the chosen directory', async () => {
    const net = openNginxPage({
      '/server/addNginxConfig': [{ code: 0, data: null }],
    });
    const dialog = await openNewDialog();
    await pickOption('Template', 'Static site');
    await pickOption('Directory', 'sites');
    fireEvent.change(dialog.getByRole('textbox', { name: 'Host names' }), {
      target: { value: 'docs.example.com' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Site directory' }), {
      target: { value: '/srv/docs' },
    });
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: 'File name' })).toHaveProperty(
        'value',
        'docs.example.com.conf',
      ),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(net.callsTo('/server/addNginxConfig')).toHaveLength(1));
    expect(net.callsTo('/server/addNginxConfig')[0]?.body).toEqual({
      serverId: 1,
      dir: SITES,
      filename: 'docs.example.com.conf',
      content: renderTemplate('static', {
        ...defaultFields('static'),
        serverName: 'docs.example.com',
        root: '/srv/docs',
      }),
    });
  });

  it('refuses a host name that would break the directive, before sending anything', async () => {
    const net = openNginxPage({});
    const dialog = await openNewDialog();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Host names' }), {
      target: { value: 'a.com; include /etc/passwd' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText(/Host names of letters, digits/)).toBeTruthy();
    expect(net.callsTo('/server/addNginxConfig')).toHaveLength(0);
  });

  it("shows nginx's refusal in the dialog and keeps it open", async () => {
    openNginxPage({
      '/server/addNginxConfig': refusedByNginx('nginx: [emerg] duplicate listen options'),
    });
    const dialog = await openNewDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText('nginx: [emerg] duplicate listen options')).toBeTruthy();
    expect(dialog.getByText('Not created: nginx -t refused the configuration')).toBeTruthy();
  });
});
