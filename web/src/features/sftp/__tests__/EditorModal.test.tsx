import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../auth/session';
import { AppProviders, queryClient } from '../../../platform';
import { fakeFetch } from '../../../test/fakeFetch';
import type { SftpEntry } from '@ferry/contract/client';
import { EditorModal } from '../components/EditorModal';

// CodeMirror does not type in jsdom: a text box stands in for it, with the same props.
vi.mock('../../../ui/LazyTextEditor', () => ({
  LazyTextEditor: (p: { value: string; label: string; onChange?: (v: string) => void }) => (
    <textarea aria-label={p.label} value={p.value} onChange={(e) => p.onChange?.(e.target.value)} />
  ),
}));

const ENTRY: SftpEntry = {
  name: 'app.conf',
  size: 12,
  mode: '-rw-r--r--',
  modTime: '2026-01-01 00:00:00',
  isDir: false,
  isLink: false,
  linkTarget: '',
  owner: 'root',
  group: 'root',
  mtime: 1700,
};

function openEditor(editAnswers: { code: number; reason?: string }[]) {
  session.setIdentity({ id: 1, name: 'default', roleId: 2 });
  queryClient.clear();
  const api = fakeFetch({
    '/server/readFile': [
      {
        code: 0,
        data: { content: 'port = 80\n', encoding: 'gb18030', size: 10, mtime: 1700, mode: '' },
      },
      {
        code: 0,
        data: { content: 'port = 81\n', encoding: 'gb18030', size: 10, mtime: 1800, mode: '' },
      },
    ],
    '/server/editFile': editAnswers.map((a) => ({ message: '', data: null, ...a })),
  });
  const saved = vi.fn();
  render(
    <AppProviders>
      <EditorModal
        open
        target={{ serverId: 3, file: '/etc/app.conf', entry: ENTRY }}
        onClose={() => undefined}
        onSaved={saved}
      />
    </AppProviders>,
  );
  return { api, saved };
}

const save = () => fireEvent.click(screen.getByText('Save').closest('button')!);

describe('EditorModal', () => {
  it('saves with the size, time and encoding the file was read with', async () => {
    const { api, saved } = openEditor([{ code: 0 }]);
    const text = await screen.findByLabelText('Text of app.conf');
    fireEvent.change(text, { target: { value: 'port = 8080\n' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    save();
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(api.callsTo('/server/editFile')[0]?.body).toEqual({
      serverId: 3,
      file: '/etc/app.conf',
      content: 'port = 8080\n',
      encoding: 'gb18030',
      size: 10,
      mtime: 1700,
    });
    // Read again for the next save's size and time.
    await waitFor(() => expect(api.callsTo('/server/readFile')).toHaveLength(2));
  });

  it('says when the file changed on the server, and reloads it on request', async () => {
    const { api } = openEditor([{ code: 2, reason: 'file_changed' }]);
    fireEvent.change(await screen.findByLabelText('Text of app.conf'), {
      target: { value: 'mine\n' },
    });
    save();
    expect(
      await screen.findByText('app.conf changed on the server since you opened it'),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Reload the file').closest('button')!);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('Text of app.conf').value).toBe(
        'port = 81\n',
      ),
    );
    expect(api.callsTo('/server/readFile')).toHaveLength(2);
    expect(screen.queryByText(/changed on the server/)).toBeNull();
  });

  it('overwrites on request, without the check', async () => {
    const { api } = openEditor([{ code: 2, reason: 'file_changed' }, { code: 0 }]);
    fireEvent.change(await screen.findByLabelText('Text of app.conf'), {
      target: { value: 'mine\n' },
    });
    save();
    fireEvent.click((await screen.findByText('Overwrite it')).closest('button')!);
    await waitFor(() => expect(api.callsTo('/server/editFile')).toHaveLength(2));
    expect(api.callsTo('/server/editFile')[1]?.body).toEqual({
      serverId: 3,
      file: '/etc/app.conf',
      content: 'mine\n',
      encoding: 'gb18030',
    });
  });
});
