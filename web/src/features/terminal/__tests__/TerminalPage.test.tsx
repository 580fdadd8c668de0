import { Perm, TerminalClose, WsClose } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';
import { fakeWebSocketClass, type FakeSocket } from '../../../test/fakeWebSocketClass';

const SERVERS = [
  { id: 3, name: 'web-1', ip: '10.0.0.3', port: 22 },
  { id: 4, name: 'db-1', ip: '10.0.0.4', port: 2222 },
].map((s) => ({
  ...s,
  namespaceId: 1,
  owner: 'deploy',
  description: '',
  osInfo: '',
  insertTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
}));

let allSockets: FakeSocket[];
/** The terminal sockets (the layout's hub socket is made with the same class). */
const terminals = () => allSockets.filter((s) => s.url.includes('/ws/xterm'));

beforeEach(() => {
  const fake = fakeWebSocketClass();
  allSockets = fake.sockets;
  vi.stubGlobal('WebSocket', fake.Socket);
  // xterm measures its font on a canvas, which jsdom does not draw; it copes without one.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  loggedIn({
    permissionIds: [Perm.ShowTerminalPage],
    routes: { '/server/getOption': [{ code: 0, data: { list: SERVERS } }] },
  });
});

/** Picks a server in the picker and opens a terminal on it. */
async function openTerminal(name: string) {
  const picker = await screen.findByRole('combobox', { name: 'Server' }, { timeout: 5000 });
  fireEvent.mouseDown(picker);
  fireEvent.click(
    await screen.findByText(new RegExp(`^${name} \\(`), {
      selector: '.ant-select-item-option-content',
    }),
  );
  fireEvent.click(screen.getByRole('button', { name: /Open terminal/ }));
}

const expectedUrl = (serverId: number) =>
  `ws://${window.location.host}/ws/xterm?serverId=${serverId}&rows=24&cols=80&G-N-ID=1`;

describe('TerminalPage', () => {
  it('asks to pick a server while no terminal is open', async () => {
    renderApp('/server/terminal');
    expect(await screen.findByText(/No terminal is open/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Send to all terminals' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('opens a tab with a terminal socket on the picked server', async () => {
    renderApp('/server/terminal');
    await openTerminal('web-1');
    await waitFor(() => expect(terminals()).toHaveLength(1));
    expect(terminals()[0]!.url).toBe(expectedUrl(3));
    expect(terminals()[0]!.binaryType).toBe('arraybuffer');
    expect(screen.getByRole('tab', { name: /web-1/ })).toBeTruthy();
    expect(screen.getByText('Connecting…')).toBeTruthy();
    terminals()[0]!.open();
    expect(await screen.findByText('Connected')).toBeTruthy();
  });

  it('numbers a second tab on the same server', async () => {
    renderApp('/server/terminal');
    await openTerminal('web-1');
    await openTerminal('web-1');
    await waitFor(() => expect(terminals()).toHaveLength(2));
    expect(screen.getByRole('tab', { name: /web-1 \(2\)/ })).toBeTruthy();
  });

  it('opens the server named in the address, then drops it from the address', async () => {
    const { router } = renderApp('/server/terminal?serverId=4');
    await waitFor(() => expect(terminals()).toHaveLength(1), { timeout: 5000 });
    expect(terminals()[0]!.url).toBe(expectedUrl(4));
    expect(screen.getByRole('tab', { name: /db-1/ })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('says so when the server in the address is not available', async () => {
    renderApp('/server/terminal?serverId=99');
    expect(
      await screen.findByText(/not enabled in this namespace/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(terminals()).toHaveLength(0);
  });

  it('shows why a session closed and reconnects in the same tab', async () => {
    renderApp('/server/terminal');
    await openTerminal('web-1');
    await waitFor(() => expect(terminals()).toHaveLength(1));
    terminals()[0]!.open();
    terminals()[0]!.drop(TerminalClose.sshFailed, 'connect ECONNREFUSED 10.0.0.3:22');
    expect(
      await screen.findByText('Cannot connect: connect ECONNREFUSED 10.0.0.3:22'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Reconnect/ }));
    await waitFor(() => expect(terminals()).toHaveLength(2));
    expect(terminals()[1]!.url).toBe(expectedUrl(3));
    expect(screen.getAllByRole('tab', { name: /web-1/ })).toHaveLength(1);
    terminals()[1]!.open();
    expect(await screen.findByText('Connected')).toBeTruthy();
    terminals()[1]!.drop(1006);
    expect(await screen.findByText('Connection lost')).toBeTruthy();
  });

  it('reports a refused socket like the API code it stands for', async () => {
    renderApp('/server/terminal');
    await openTerminal('db-1');
    await waitFor(() => expect(terminals()).toHaveLength(1));
    terminals()[0]!.drop(WsClose.denied, 'No permission to open a terminal on this server');
    expect(
      await screen.findByText('Refused: No permission to open a terminal on this server'),
    ).toBeTruthy();
    // The toast of a code-1 answer.
    expect(
      await screen.findByText('No permission to open a terminal on this server', {
        selector: '.ant-message *',
      }),
    ).toBeTruthy();
  });

  it('sends a line to every connected tab', async () => {
    renderApp('/server/terminal');
    await openTerminal('web-1');
    await openTerminal('db-1');
    await openTerminal('web-1');
    await waitFor(() => expect(terminals()).toHaveLength(3));
    terminals()[0]!.open();
    terminals()[1]!.open();
    terminals()[2]!.drop(TerminalClose.idle);

    const input = screen.getByRole('textbox', { name: 'Send to all terminals' });
    await waitFor(() => expect(input).toHaveProperty('disabled', false));
    fireEvent.change(input, { target: { value: 'uptime' } });
    fireEvent.click(screen.getByRole('button', { name: /Send to all/ }));
    expect(terminals().map((s) => s.sent.filter((f) => typeof f === 'string'))).toEqual([
      ['uptime\r'],
      ['uptime\r'],
      [],
    ]);
    expect(input).toHaveProperty('value', '');
  });

  it('closes the socket of a closed tab', async () => {
    renderApp('/server/terminal');
    await openTerminal('web-1');
    await openTerminal('db-1');
    await waitFor(() => expect(terminals()).toHaveLength(2));
    terminals()[0]!.open();
    const tab = screen.getByRole('tab', { name: /web-1/ });
    fireEvent.click(within(tab.closest('.ant-tabs-tab')!).getByRole('button', { name: /remove/i }));
    await waitFor(() => expect(terminals()[0]!.closedWith).toBe(1000));
    expect(terminals()[1]!.closedWith).toBeUndefined();
    expect(screen.queryByRole('tab', { name: /web-1/ })).toBeNull();
  });

  it('finds text in the scrollback, copies the match, and says when nothing matches', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      renderApp('/server/terminal');
      await openTerminal('web-1');
      await waitFor(() => expect(terminals()).toHaveLength(1));
      terminals()[0]!.open();
      terminals()[0]!.output(new TextEncoder().encode('deploy finished in 12s\r\n$ '));
      // xterm parses written output on a later task.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const search = screen.getByRole('textbox', { name: 'Search the scrollback' });
      const box = search.closest('.ant-input-affix-wrapper')!;
      fireEvent.change(search, { target: { value: 'finished' } });
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
      expect(box.className).not.toMatch(/status-warning/);
      // The match is selected: copying takes it.
      fireEvent.click(screen.getByRole('button', { name: 'Copy the selection' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith('finished'));
      expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();

      fireEvent.change(search, { target: { value: 'no such text' } });
      fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
      await waitFor(() => expect(box.className).toMatch(/status-warning/));
    } finally {
      Reflect.deleteProperty(window, 'isSecureContext');
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('explains why it cannot copy or paste', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', {
      value: { readText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      configurable: true,
    });
    try {
      renderApp('/server/terminal');
      await openTerminal('web-1');
      await waitFor(() => expect(terminals()).toHaveLength(1));
      const paste = screen.getByRole('button', { name: 'Paste' });
      expect(paste).toHaveProperty('disabled', true);
      terminals()[0]!.open();
      await waitFor(() => expect(paste).toHaveProperty('disabled', false));
      fireEvent.click(paste);
      expect(await screen.findByText(/refused to read the clipboard/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Copy the selection' }));
      expect(await screen.findByText('Select text in the terminal first')).toBeTruthy();
      expect(terminals()[0]!.sent).toEqual([]);
    } finally {
      Reflect.deleteProperty(window, 'isSecureContext');
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('remembers the font size within its limits and toggles full screen', async () => {
    localStorage.setItem('terminalFontSize', '23');
    renderApp('/server/terminal');
    await openTerminal('web-1');
    const larger = await screen.findByRole('button', { name: 'Larger text' });
    fireEvent.click(larger);
    expect(localStorage.getItem('terminalFontSize')).toBe('24');
    expect(larger).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Smaller text' }));
    expect(localStorage.getItem('terminalFontSize')).toBe('23');

    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    const leave = screen.getByRole('button', { name: 'Leave full screen' });
    expect(leave.closest<HTMLElement>('[style*="position: fixed"]')).toBeTruthy();
    fireEvent.click(leave);
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
  });
});
