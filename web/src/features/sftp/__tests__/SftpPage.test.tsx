import { HubType, Perm, WsClose } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWebSocketClass, type FakeSocket } from '../../../test/fakeWebSocketClass';
import { publishFrame } from '../../../api/hub/hubFrames';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';
import { SftpClose, type SftpEntry } from '@ferry/contract/client';

const SERVERS = [
  { id: 3, name: 'web-1', ip: '10.0.0.3', port: 22 },
  { id: 4, name: 'db-1', ip: '10.0.0.4', port: 2222 },
  { id: 5, name: 'cache-1', ip: '10.0.0.5', port: 22 },
].map((s) => ({
  ...s,
  namespaceId: 1,
  owner: 'deploy',
  description: '',
  osInfo: '',
  insertTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
}));

const entry = (name: string, over: Partial<SftpEntry> = {}): SftpEntry => ({
  name,
  size: 1234,
  mode: '-rw-r--r--',
  modTime: '2026-01-01 00:00:00',
  isDir: false,
  isLink: false,
  linkTarget: '',
  owner: 'root',
  group: 'root',
  mtime: 1,
  ...over,
});

let allSockets: FakeSocket[];
const sftpSockets = () => allSockets.filter((s) => s.url.includes('/ws/sftp'));
const sentLists = (s: FakeSocket) =>
  s.sent.filter((f): f is string => typeof f === 'string').map((f) => JSON.parse(f) as object);

/** Answers the socket's request `id` with `entries` in one or more frames. */
function answer(s: FakeSocket, id: number, path: string, entries: SftpEntry[], done = true) {
  s.output(
    JSON.stringify({
      code: 0,
      message: '',
      data: entries,
      op: 'list',
      id,
      path,
      done,
      total: done ? entries.length : undefined,
    }),
  );
}

function setup(permissionIds: number[] = [Perm.ShowSftpFilePage], routes: FakeRoutes = {}) {
  const fake = fakeWebSocketClass();
  allSockets = fake.sockets;
  vi.stubGlobal('WebSocket', fake.Socket);
  return loggedIn({
    permissionIds,
    routes: { '/server/getOption': [{ code: 0, data: { list: SERVERS } }], ...routes },
  });
}

/** Chunk uploads as the console takes them: each one completes its file at once. */
function fakeChunkUploads() {
  const chunks: string[] = [];
  class Xhr {
    url = '';
    upload = { onprogress: null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: Blob) {
      chunks.push(this.url);
      const size = Number(new URL(this.url, 'http://x').searchParams.get('size'));
      this.status = 200;
      this.responseText = JSON.stringify({ code: 0, data: { offset: size, done: true } });
      expect(body.size).toBe(size);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  return chunks;
}

beforeEach(() => {
  setup();
});

/** Picks a server in the picker and opens a tab on its files. */
async function openFiles(name: string) {
  const picker = await screen.findByRole('combobox', { name: 'Server' }, { timeout: 5000 });
  fireEvent.mouseDown(picker);
  fireEvent.click(
    await screen.findByText(new RegExp(`^${name} \\(`), {
      selector: '.ant-select-item-option-content',
    }),
  );
  fireEvent.click(screen.getByRole('button', { name: /Open files/ }));
}

/** Opens web-1's files and answers the first listing of home with `entries`. */
async function openHome(entries: SftpEntry[]) {
  renderApp('/server/sftp');
  await openFiles('web-1');
  await waitFor(() => expect(sftpSockets()).toHaveLength(1));
  const socket = sftpSockets()[0]!;
  socket.open();
  answer(socket, 1, '/root', entries);
  return socket;
}

describe('SftpPage', () => {
  it('asks to pick a server while no tab is open', async () => {
    renderApp('/server/sftp');
    expect(await screen.findByText(/No server is open/, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("opens a tab on the picked server's home directory, streaming its rows", async () => {
    renderApp('/server/sftp');
    await openFiles('web-1');
    await waitFor(() => expect(sftpSockets()).toHaveLength(1));
    const socket = sftpSockets()[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/ws/sftp?serverId=3&G-N-ID=1`);
    expect(screen.getByText('Connecting to web-1…')).toBeTruthy();
    socket.open();
    expect(sentLists(socket)).toEqual([{ op: 'list', id: 1, path: '' }]);

    answer(socket, 1, '/root', [entry('a.txt'), entry('logs', { isDir: true })], false);
    expect(await screen.findByText('Reading… 2 items so far')).toBeTruthy();
    answer(socket, 1, '/root', [entry('b.txt')]);
    expect(await screen.findByText('3 items')).toBeTruthy();
    const path = screen.getByRole('navigation', { name: 'Path' });
    expect(within(path).getByText('root').closest('[aria-current="location"]')).toBeTruthy();
  });

  it('goes where a typed path leads and back again', async () => {
    const socket = await openHome([entry('a.txt')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Type a path' }));
    const input = screen.getByRole('textbox', { name: 'Path to open' });
    fireEvent.change(input, { target: { value: '../srv' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(sentLists(socket).at(-1)).toEqual({ op: 'list', id: 2, path: '/srv' });
    answer(socket, 2, '/srv', [entry('app', { isDir: true })]);
    expect(await screen.findByText('1 item')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(sentLists(socket).at(-1)).toEqual({ op: 'list', id: 3, path: '/root' });
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    expect(sentLists(socket).at(-1)).toEqual({ op: 'list', id: 4, path: '/srv' });
  });

  it("shows a directory the server refuses, in the server's words", async () => {
    const socket = await openHome([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Type a path' }));
    const input = screen.getByRole('textbox', { name: 'Path to open' });
    fireEvent.change(input, { target: { value: '/root/secret' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    socket.output(
      JSON.stringify({
        code: 2,
        message: 'Cannot list /root/secret: permission denied',
        reason: 'file_permission_denied',
        data: [],
        op: 'list',
        id: 2,
        path: '/root/secret',
        done: true,
      }),
    );
    expect(await screen.findByText('No permission to read /root/secret')).toBeTruthy();
    expect(screen.getByText('Cannot list /root/secret: permission denied')).toBeTruthy();
  });

  it('says an empty directory is empty, and how to fill it when uploads are allowed', async () => {
    setup([Perm.ShowSftpFilePage, Perm.SFTPUploadFile]);
    await openHome([]);
    expect(await screen.findByText(/This directory is empty. Drop files/)).toBeTruthy();
  });

  it('shows only the actions the permissions allow', async () => {
    await openHome([entry('a.txt')]);
    await screen.findByText('1 item');
    // Text queries: a role query reads every node's accessible name, slow in a full page.
    expect(screen.queryByText('Upload files')).toBeNull();
    expect(screen.queryByText('New folder')).toBeNull();
    expect(screen.queryByText('Uploads')).toBeNull();
  });

  it('offers uploads and new folders to those who may upload', async () => {
    setup([Perm.ShowSftpFilePage, Perm.SFTPUploadFile]);
    await openHome([entry('a.txt')]);
    expect((await screen.findByText('Upload files')).closest('button')).toBeTruthy();
    expect(screen.getByText('New folder').closest('button')).toBeTruthy();
    expect(screen.getByText('Uploads').closest('button')).toBeTruthy();
  });

  it('says why the server cannot be reached and reconnects to the same directory', async () => {
    const socket = await openHome([entry('a.txt')]);
    await screen.findByText('1 item');
    socket.drop(SftpClose.sshFailed, 'dial tcp 10.0.0.3:22: connection refused');
    expect(await screen.findByText('Cannot reach web-1')).toBeTruthy();
    expect(screen.getByText('dial tcp 10.0.0.3:22: connection refused')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Reconnect/ }));
    await waitFor(() => expect(sftpSockets()).toHaveLength(2));
    const again = sftpSockets()[1]!;
    again.open();
    expect(sentLists(again)).toEqual([{ op: 'list', id: 1, path: '/root' }]);
  });

  it('says why a refused socket closed and offers no reconnect', async () => {
    const socket = await openHome([]);
    socket.drop(WsClose.denied, 'No permission');
    expect(await screen.findByText('Your permission to browse files was withdrawn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reconnect/ })).toBeNull();
  });

  it('closes the socket of a closed tab', async () => {
    renderApp('/server/sftp');
    await openFiles('web-1');
    await openFiles('db-1');
    await waitFor(() => expect(sftpSockets()).toHaveLength(2));
    const tab = screen.getByRole('tab', { name: /web-1/ });
    fireEvent.click(within(tab.closest('.ant-tabs-tab')!).getByRole('button', { name: /remove/i }));
    await waitFor(() => expect(sftpSockets()[0]!.closedWith).toBe(1000));
    expect(sftpSockets()[1]!.closedWith).toBeUndefined();
  });

  it('uploads picked files into the directory shown and lists it again when they are in', async () => {
    const api = setup([Perm.ShowSftpFilePage, Perm.SFTPUploadFile], {
      '/server/uploadCancel': [{ code: 0, data: null }],
      '/server/uploadStatus': [{ code: 0, data: { offset: 0 } }],
    });
    const chunks = fakeChunkUploads();
    const socket = await openHome([entry('old.txt')]);
    await screen.findByText('1 item');
    const input = screen.getByLabelText('Files to upload');
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'a.txt'), new File(['world!'], 'b.txt')] },
    });
    expect(await screen.findByText('2 files are uploading to /root')).toBeTruthy();
    await waitFor(() => expect(chunks).toHaveLength(2));
    expect(chunks.map((u) => new URL(u, 'http://x').searchParams.get('file'))).toEqual([
      '/root/a.txt',
      '/root/b.txt',
    ]);
    // Each new upload first drops what an earlier one may have left, then asks what is there.
    expect(api.callsTo('/server/uploadCancel')).toHaveLength(2);
    expect(api.callsTo('/server/uploadStatus')).toHaveLength(2);
    // Both are in: the directory is listed again, once.
    await waitFor(() =>
      expect(sentLists(socket).at(-1)).toEqual({ op: 'list', id: 2, path: '/root' }),
    );
    expect(sentLists(socket)).toHaveLength(2);
  });

  it('asks before an upload replaces a file of the same name', async () => {
    setup([Perm.ShowSftpFilePage, Perm.SFTPUploadFile], {
      '/server/uploadStatus': [{ code: 0, data: { offset: 0 } }],
    });
    const chunks = fakeChunkUploads();
    await openHome([entry('a.txt')]);
    await screen.findByText('1 item');
    fireEvent.change(screen.getByLabelText('Files to upload'), {
      target: { files: [new File(['hello'], 'a.txt')] },
    });
    const title = { selector: '.ant-modal-confirm-title' };
    expect(await screen.findByText('Replace 1 file?', title)).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel').closest('button')!);
    // Nothing was queued: no word of an upload, no chunk sent.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/uploading to/)).toBeNull();
    expect(chunks).toEqual([]);
  });

  it('asks again, naming it, before deleting a directory with content', async () => {
    const api = setup([Perm.ShowSftpFilePage, Perm.SFTPDeleteFile], {
      '/server/deleteFile': (req) =>
        (req.body as { recursive?: number }).recursive
          ? { code: 0, data: null }
          : { code: 2, message: 'directory not empty', reason: 'directory_not_empty' },
    });
    const socket = await openHome([entry('logs', { isDir: true })]);
    fireEvent.contextMenu(await screen.findByText('logs'));
    fireEvent.click(
      await screen.findByText('Delete', { selector: '.ant-dropdown-menu-title-content' }),
    );
    const title = { selector: '.ant-modal-confirm-title' };
    expect(await screen.findByText('Delete logs?', title)).toBeTruthy();
    fireEvent.click(
      screen.getByText('Delete', { selector: '.ant-modal-confirm-btns *' }).closest('button')!,
    );
    expect(await screen.findByText('The directory logs is not empty', title)).toBeTruthy();
    expect(api.callsTo('/server/deleteFile')[0]?.body).toEqual({ serverId: 3, file: '/root/logs' });
    fireEvent.click(screen.getByText('Delete everything inside').closest('button')!);
    await waitFor(() => expect(api.callsTo('/server/deleteFile')).toHaveLength(2));
    expect(api.callsTo('/server/deleteFile')[1]?.body).toEqual({
      serverId: 3,
      file: '/root/logs',
      recursive: 1,
    });
    // The directory is listed again.
    await waitFor(() => expect(sentLists(socket).length).toBeGreaterThan(1));
  });

  it('transfers to several servers, following each one and keeping a failure beside a success', async () => {
    let answer: (a: {
      code: number;
      message?: string;
      reason?: string;
      data?: unknown;
    }) => void = () => undefined;
    const api = setup([Perm.ShowSftpFilePage, Perm.SFTPTransferFile], {
      '/server/transferFile': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await openHome([entry('app.tar.gz', { size: 2048 })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for app.tar.gz' }));
    fireEvent.click(
      await screen.findByText('Transfer', { selector: '.ant-dropdown-menu-title-content' }),
    );
    const servers = await screen.findByRole('combobox', { name: 'Destination servers' });
    fireEvent.mouseDown(servers);
    fireEvent.click(await screen.findByText('db-1 (10.0.0.4)'));
    fireEvent.click(await screen.findByText('cache-1 (10.0.0.5)'));
    fireEvent.click(
      screen.getByText('Transfer', { selector: '.ant-modal-footer *' }).closest('button')!,
    );

    await waitFor(() => expect(api.callsTo('/server/transferFile')).toHaveLength(1));
    const sent = api.callsTo('/server/transferFile')[0]!.body as { transferId: string };
    expect(sent).toEqual({
      sourceServerId: 3,
      sourceFile: '/root/app.tar.gz',
      sourceIsDir: false,
      destServerIds: [4, 5],
      destDir: '/root',
      transferId: sent.transferId,
    });
    publishFrame({
      type: HubType.sftpTransfer,
      message: {
        transferId: sent.transferId,
        serverId: 4,
        bytes: 1024,
        total: 2048,
        state: 'running',
        error: '',
      },
    });
    expect(await screen.findByText('1.0 KiB of 2.0 KiB')).toBeTruthy();
    answer({
      code: 2,
      message: 'transfer failed',
      reason: 'transfer_failed',
      data: {
        results: [
          { serverId: 4, serverName: 'db-1', ok: true, error: '', bytes: 2048 },
          { serverId: 5, serverName: 'cache-1', ok: false, error: 'disk full', bytes: 0 },
        ],
      },
    });
    expect(await screen.findByText('Sent to 1 of 2 destinations')).toBeTruthy();
    expect(screen.getByText('2.0 KiB of 2.0 KiB')).toBeTruthy();
    expect(screen.getByText('disk full')).toBeTruthy();
  });
});
