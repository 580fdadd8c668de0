import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';
import { deployRow } from './deployRows';
import { ALL_DEPLOY_PERMS, cardOf, findCard, findDialog, withDeploys } from './deploySetup';

const file = (id: number, filename: string, size: number, binary: boolean) => ({
  id,
  projectId: 1,
  filename,
  size,
  binary,
  insertTime: '2026-11-30 10:00:00',
  updateTime: '2026-11-30 10:00:00',
});

/** The shop's files: an .env typed in the page, and a keystore uploaded (binary). */
function withFiles() {
  return withDeploys({
    list: [deployRow(1, 'shop')],
    permissionIds: [...ALL_DEPLOY_PERMS, Perm.FileSync],
    routes: {
      '/project/getProjectFileList': [
        {
          code: 0,
          data: { list: [file(4, '.env', 18, false), file(5, 'config/keystore.jks', 2048, true)] },
        },
      ],
      '/project/uploadFile': [{ code: 0, data: { id: 5 } }],
    },
  });
}

async function openFiles() {
  await findCard('shop');
  fireEvent.click(cardOf('shop').getByRole('button', { name: 'More actions for shop' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: /Project files/ }));
  return findDialog('Files of shop');
}

describe('the project files drawer', () => {
  it('marks a binary file, and replaces it by an upload instead of the text editor', async () => {
    const net = withFiles();
    renderApp('/deploy/index');
    const drawer = await openFiles();
    const keystore = (await drawer.findByText('config/keystore.jks')).closest('tr')!;
    const env = drawer.getByText('.env').closest('tr')!;
    expect(within(keystore).getByText('Binary')).toBeTruthy();
    expect(within(env).queryByText('Binary')).toBeNull();
    expect(within(env).getByRole('button', { name: /Edit/ })).toBeTruthy();
    expect(within(keystore).queryByRole('button', { name: /Edit/ })).toBeNull();

    fireEvent.click(within(keystore).getByRole('button', { name: /Replace/ }));
    const dialog = await findDialog('Replace config/keystore.jks');
    // A binary file's text is never asked for.
    expect(net.callsTo('/project/getProjectFileContent')).toHaveLength(0);
    // The upload dialog's own file input (antd's Upload hides it behind its button).
    const input = document.querySelector<HTMLInputElement>('[role="dialog"] input[type="file"]')!;
    const picked = new File([new Uint8Array([0xfe, 0xed, 0xfe, 0xed, 0x00])], 'new.jks');
    fireEvent.change(input, { target: { files: [picked] } });
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: 'Path' })).toHaveProperty(
        'value',
        'config/keystore.jks',
      ),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(net.callsTo('/project/uploadFile')).toHaveLength(1));
    expect(queryOf(net.callsTo('/project/uploadFile')[0])).toMatchObject({
      projectFileId: '5',
      projectId: '1',
      filename: 'config/keystore.jks',
    });
  });
});
