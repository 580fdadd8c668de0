import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { findCell } from '../../../test/findCell';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';

interface FakePlayer {
  opts: Record<string, unknown>;
  src: unknown;
  dispose: ReturnType<typeof vi.fn>;
  play: () => Promise<void>;
}

// jsdom has no 2D canvas for the real player; this records what the page asks of it.
const players = vi.hoisted(() => [] as FakePlayer[]);
vi.mock('asciinema-player', () => ({
  create: (src: { data: string }, _el: HTMLElement, opts: Record<string, unknown>) => {
    if (src.data.includes('"unplayable"')) throw new Error('2D ctx not available');
    const listeners = new Map<string, () => void>();
    const player = {
      src,
      opts,
      dispose: vi.fn(),
      getCurrentTime: () => 7.5,
      play: () => Promise.resolve(listeners.get('play')?.()),
      pause: () => Promise.resolve(listeners.get('pause')?.()),
      addEventListener: (name: string, handler: () => void) => listeners.set(name, handler),
    };
    players.push(player);
    return player;
  },
}));

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0';
const CAST = '{"version":2,"width":80,"height":24}\n[0.1,"o","$ uptime\\r\\n"]\n';

const SESSIONS = [
  {
    id: 42,
    namespaceID: 1,
    userID: 5,
    username: 'Myself',
    serverID: 3,
    serverName: 'web-1',
    remoteAddr: '10.0.0.7',
    userAgent: UA,
    startTime: '2026-01-02 10:00:00',
    endTime: '2026-01-02 11:05:30',
    hasRecord: true,
    recordPruned: false,
  },
  {
    id: 41,
    namespaceID: 1,
    userID: 6,
    username: 'Bob',
    serverID: 4,
    serverName: 'db-1',
    remoteAddr: '',
    userAgent: '',
    startTime: '2026-01-02 09:00:00',
    endTime: '',
    hasRecord: false,
    recordPruned: false,
  },
  {
    id: 40,
    namespaceID: 1,
    userID: 6,
    username: 'Bob',
    serverID: 5,
    serverName: 'old-1',
    remoteAddr: '',
    userAgent: '',
    startTime: '2025-01-02 09:00:00',
    endTime: '2025-01-02 09:10:00',
    hasRecord: false,
    recordPruned: true,
  },
];

/** Logged in with the terminal log; the recording route answers `record`. */
function withTerminalLog(permissionIds: number[], record = CAST) {
  players.length = 0;
  const net = loggedIn({
    permissionIds,
    routes: {
      '/log/getTerminalLogList': [{ code: 0, data: { list: SESSIONS } }],
      '/log/getTerminalLogTotal': [{ code: 0, data: { total: 2 } }],
    },
  });
  // The recording is a file, not an envelope: answered here, the rest by the fake API.
  const recordRequests: URL[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : input.toString();
    const url = new URL(href, 'http://localhost');
    if (url.pathname !== '/log/getTerminalRecord') return net.mock(input, init);
    recordRequests.push(url);
    return Promise.resolve(new Response(record, { status: 200 }));
  });
  return { ...net, recordRequests };
}

const rowOf = (server: string) =>
  within(screen.getByText(server, { selector: 'td' }).closest('tr')!);

describe('TerminalLogPage', () => {
  it('lists sessions with their duration, and an open one as open', async () => {
    const net = withTerminalLog([Perm.ShowTerminalLogPage]);
    renderApp('/log/terminalLog');
    await findCell('web-1');
    expect(queryOf(net.callsTo('/log/getTerminalLogList')[0])).toEqual({
      username: '',
      serverName: '',
      page: '1',
      rows: '20',
    });
    expect(rowOf('web-1').getByText('1 h 5 min')).toBeTruthy();
    expect(rowOf('web-1').getByText('10.0.0.7')).toBeTruthy();
    expect(rowOf('web-1').getByText(UA)).toBeTruthy();
    expect(rowOf('db-1').getByText('Open').closest('.ant-tag')).toBeTruthy();
    expect(screen.getByText('Total: 2')).toBeTruthy();
  });

  it('sends the filters and keeps them in the address', async () => {
    const net = withTerminalLog([Perm.ShowTerminalLogPage]);
    const { router } = renderApp('/log/terminalLog?rows=50&page=3');
    await findCell('web-1');
    fireEvent.change(screen.getByLabelText('Member'), { target: { value: ' Bob ' } });
    fireEvent.change(screen.getByLabelText('Server'), { target: { value: 'db-1' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));

    await waitFor(() =>
      expect(queryOf(net.callsTo('/log/getTerminalLogList').at(-1))).toEqual({
        username: 'Bob',
        serverName: 'db-1',
        page: '1',
        rows: '50',
      }),
    );
    expect(queryOf(net.callsTo('/log/getTerminalLogTotal').at(-1))).toEqual({
      username: 'Bob',
      serverName: 'db-1',
    });
    expect(router.state.location.search).toEqual({ username: 'Bob', serverName: 'db-1', rows: 50 });
  });

  it('offers no replay or download without permission 6', async () => {
    withTerminalLog([Perm.ShowTerminalLogPage]);
    renderApp('/log/terminalLog');
    await findCell('web-1');
    expect(screen.queryByRole('button', { name: 'Replay' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(screen.queryByText('Recording')).toBeNull();
  });

  it('links the download to the recording of the current namespace', async () => {
    withTerminalLog([Perm.ShowTerminalLogPage, Perm.ShowTerminalRecord]);
    renderApp('/log/terminalLog');
    await findCell('web-1');
    const link = rowOf('web-1').getByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe('/log/getTerminalRecord?recordId=42&G-N-ID=1');
    expect(link.getAttribute('download')).toBe('42.cast');
    expect(rowOf('db-1').queryByRole('button', { name: 'Replay' })).toBeNull();
    expect(rowOf('db-1').getByText('None')).toBeTruthy();
    expect(rowOf('old-1').getByText('Recording pruned')).toBeTruthy();
    expect(rowOf('old-1').queryByRole('button', { name: 'Replay' })).toBeNull();
  });

  it('replays a recording, changes speed where it was, and disposes the player', async () => {
    const net = withTerminalLog([Perm.ShowTerminalLogPage, Perm.ShowTerminalRecord]);
    const { unmount } = renderApp('/log/terminalLog');
    await findCell('web-1');
    fireEvent.click(rowOf('web-1').getByRole('button', { name: 'Replay' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Session 42: Myself on web-1')).toBeTruthy();
    await waitFor(() => expect(players).toHaveLength(1));
    expect(net.recordRequests.map((u) => u.search)).toEqual(['?recordId=42&G-N-ID=1']);
    expect(players[0]!.src).toEqual({ data: CAST });
    expect(players[0]!.opts).toMatchObject({ speed: 1, fit: 'both', startAt: 0, autoPlay: false });

    fireEvent.click(await within(dialog).findByRole('button', { name: /Play/ }));
    expect(await within(dialog).findByRole('button', { name: /Pause/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByText('2×'));
    await waitFor(() => expect(players).toHaveLength(2));
    expect(players[0]!.dispose).toHaveBeenCalled();
    expect(players[1]!.opts).toMatchObject({ speed: 2, startAt: 7.5, autoPlay: true });

    fireEvent.click(within(dialog).getByRole('switch', { name: 'Fit to the window' }));
    await waitFor(() => expect(players).toHaveLength(3));
    expect(players[2]!.opts).toMatchObject({ fit: false, speed: 2 });

    // The dialog destroys its content once its closing animation ends, which jsdom never runs;
    // leaving the page unmounts it the same way.
    expect(players[2]!.dispose).not.toHaveBeenCalled();
    unmount();
    await waitFor(() => expect(players[2]!.dispose).toHaveBeenCalled());
  });

  it('shows a refused recording as an error instead of a player', async () => {
    withTerminalLog(
      [Perm.ShowTerminalLogPage, Perm.ShowTerminalRecord],
      JSON.stringify({ code: 1, message: 'This record belongs to another namespace' }),
    );
    renderApp('/log/terminalLog');
    await findCell('web-1');
    fireEvent.click(rowOf('web-1').getByRole('button', { name: 'Replay' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Could not load the recording')).toBeTruthy();
    expect(within(dialog).getByText('This record belongs to another namespace')).toBeTruthy();
    expect(players).toHaveLength(0);
  });

  it('offers the download when the player cannot start', async () => {
    withTerminalLog(
      [Perm.ShowTerminalLogPage, Perm.ShowTerminalRecord],
      '{"version":2,"width":80,"height":24,"unplayable":true}\n',
    );
    renderApp('/log/terminalLog');
    await findCell('web-1');
    fireEvent.click(rowOf('web-1').getByRole('button', { name: 'Replay' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/player could not start/)).toBeTruthy();
    expect(within(dialog).getByText('Download').closest('a')?.getAttribute('href')).toBe(
      '/log/getTerminalRecord?recordId=42&G-N-ID=1',
    );
  });

  it('opens the terminal log from /log for a user who may read only it', async () => {
    withTerminalLog([Perm.ShowTerminalLogPage]);
    const { router } = renderApp('/log');
    await waitFor(() => expect(router.state.location.pathname).toBe('/log/terminalLog'));
  });
});
