import { SERVER_IMPORT_COLUMNS } from '@ferry/contract/client';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp';
import { serverRow } from './serverRows';
import { buttonIn, dialogTitled, withServers } from './serverSetup';

const CSV = 'name,host,port,owner\nweb-2,10.0.0.2,22,root\n';

async function openImport(answers: { code: number; message?: string; data?: unknown }[]) {
  const net = withServers({ list: [serverRow(1, 'web-1')], routes: { '/server/import': answers } });
  renderApp('/server/index');
  await screen.findByText('web-1', { selector: 'td strong' }, { timeout: 5000 });
  fireEvent.click(buttonIn(screen, 'Import CSV'));
  const dialog = dialogTitled('Import servers from CSV');
  return { net, dialog };
}

function drop(dialog: ReturnType<typeof dialogTitled>) {
  const input = dialog
    .getByText('Click or drop a CSV file here')
    .closest('.ant-upload')
    ?.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  const file = new File([CSV], 'servers.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

describe('server import', () => {
  it('explains the columns and uploads the file as multipart with the namespace header', async () => {
    const { net, dialog } = await openImport([{ code: 0, data: { count: 3 } }]);
    for (const column of SERVER_IMPORT_COLUMNS) expect(dialog.getByText(column)).toBeTruthy();
    expect(dialog.getAllByLabelText('required')).toHaveLength(4);

    const file = drop(dialog);
    expect(await dialog.findByText('Imported 3 servers')).toBeTruthy();
    const [call] = net.callsTo('/server/import');
    expect(call).toMatchObject({ method: 'POST', headers: { 'G-N-ID': '1' } });
    expect(call?.headers).not.toHaveProperty('Content-Type');
    const init = net.mock.mock.calls.find(([url]) => url === '/server/import')?.[1];
    const sent = (init?.body as FormData).get('file') as File;
    expect(sent.name).toBe(file.name);
    expect(await sent.text()).toBe(CSV);
    await waitFor(() => expect(net.callsTo('/server/getList')).toHaveLength(2));
  });

  it('lists every problem of a refused file, and imports nothing', async () => {
    const { net, dialog } = await openImport([
      {
        code: 10003,
        message:
          'row 2: host must be an IP address or a host name\nrow 4: port must be at most 65535',
      },
    ]);
    drop(dialog);
    expect(
      await dialog.findByText('Nothing was imported: fix these 2 problems and try again'),
    ).toBeTruthy();
    const items = dialog.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toContain('row 2: host must be an IP address or a host name');
    expect(items).toContain('row 4: port must be at most 65535');
    expect(net.callsTo('/server/getList')).toHaveLength(1);
  });

  it('downloads a template made in the browser', async () => {
    const { dialog } = await openImport([]);
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:template';
    });
    // jsdom has no object URLs: these remember the blob (this file's environment is its own).
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = () => undefined;
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    fireEvent.click(buttonIn(dialog, 'Download template'));
    await act(() => Promise.resolve());
    expect(click).toHaveBeenCalledTimes(1);
    expect(saved?.type).toBe('text/csv');
    expect((await saved?.text())?.split('\r\n')[0]).toBe(SERVER_IMPORT_COLUMNS.join(','));
  });
});
