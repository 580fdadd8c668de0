import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeRoutes } from '../../../test/fakeFetch';
import { loggedIn } from '../../../test/loggedIn';
import { onPhone } from '../../../test/onPhone';
import { renderApp } from '../../../test/renderApp';
// The route loads the page lazily; loading it up front keeps a cold first test within findBy's wait.
import '../pages/ConsolesPage';

const NODE = {
  pid: 4242,
  version: '1.4.0',
  startTime: '2026-11-29 08:00:00',
  lastSeenTime: '2026-11-29 21:30:05',
  up: true,
  draining: false,
  self: false,
  sharedFiles: true,
  running: [],
};
const CONSOLES = [
  {
    ...NODE,
    id: 'a1',
    host: 'ferry-a',
    self: true,
    running: [
      { kind: 'deploy', token: 'tok-shop', startTime: '2026-11-29 21:29:40' },
      { kind: 'deploy', token: 'tok-blog', startTime: '2026-11-29 21:30:01' },
    ],
  },
  { ...NODE, id: 'b2', host: 'ferry-b', pid: 5151, draining: true },
  { ...NODE, id: 'c3', host: 'ferry-c', up: false, lastSeenTime: '2026-11-29 20:00:00' },
];
const LISTED = { code: 0, data: { list: CONSOLES } };
const EVERY_PERMISSION = Object.values(Perm);

/** A super manager, answered `CONSOLES` unless `routes` says otherwise. */
function asSuperManager(routes: FakeRoutes = {}) {
  return loggedIn({
    superManager: 1,
    permissionIds: EVERY_PERMISSION,
    routes: { '/system/getConsoleList': [LISTED], ...routes },
  });
}

/** A manager holding every permission of the namespace, but no super manager. */
function asManager() {
  return loggedIn({
    permissionIds: EVERY_PERMISSION,
    routes: { '/system/getConsoleList': [LISTED] },
  });
}

const rowOf = async (host: string) =>
  within((await screen.findByText(host, {}, { timeout: 5000 })).closest('tr')!);
/** The tag around `text` in a row, whose class carries its colour. */
const tagOf = (row: { getByText: (text: string) => HTMLElement }, text: string) =>
  row.getByText(text).closest('.ant-tag');
const sideMenu = () => document.querySelector<HTMLElement>('.ant-layout-sider .ant-menu')!;

describe('ConsolesPage', () => {
  it('lists each console with its state, marks this one, and shows what each runs', async () => {
    const net = asSuperManager();
    renderApp('/system/consoles');

    const a = await rowOf('ferry-a');
    expect(tagOf(a, 'Up')?.classList).toContain('ant-tag-success');
    expect(a.getByText('This console')).toBeTruthy();
    expect(a.getByText('Deploy since 21:29:40')).toBeTruthy();
    expect(a.getByText('Deploy since 21:30:01')).toBeTruthy();
    expect(a.getByText('4242')).toBeTruthy();
    expect(a.getByText('1.4.0')).toBeTruthy();
    expect(a.getByText('08:00:00')).toBeTruthy();
    expect(a.getByText('21:30:05')).toBeTruthy();
    expect(a.getAllByText('2026-11-29')).toHaveLength(2);

    const b = await rowOf('ferry-b');
    expect(tagOf(b, 'Draining')?.classList).toContain('ant-tag-warning');
    expect(b.getByText('Idle')).toBeTruthy();
    expect(b.queryByText('This console')).toBeNull();

    const c = await rowOf('ferry-c');
    expect(tagOf(c, 'Down')?.classList).toContain('ant-tag-error');
    expect(c.getByText('20:00:00')).toBeTruthy();

    expect(screen.getAllByText('This console')).toHaveLength(1);
    expect(
      screen.getByText(/A console not heard from for 30 s is down/, { selector: 'span' }),
    ).toBeTruthy();
    expect(net.callsTo('/system/getConsoleList')).toHaveLength(1);
  });

  it('calls a console that stopped answering while draining down, not draining', async () => {
    asSuperManager({
      '/system/getConsoleList': [
        {
          code: 0,
          data: { list: [{ ...NODE, id: 'd4', host: 'ferry-d', up: false, draining: true }] },
        },
      ],
    });
    renderApp('/system/consoles');
    const d = await rowOf('ferry-d');
    expect(tagOf(d, 'Down')?.classList).toContain('ant-tag-error');
    expect(d.queryByText('Draining')).toBeNull();
  });

  it('reads the list again every 5 s and on the reload button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const later = { ...NODE, id: 'e5', host: 'ferry-e' };
    const net = asSuperManager({
      '/system/getConsoleList': [LISTED, { code: 0, data: { list: [...CONSOLES, later] } }],
    });
    renderApp('/system/consoles');
    await rowOf('ferry-a');
    expect(screen.queryByText('ferry-e')).toBeNull();

    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText('ferry-e')).toBeTruthy();
    expect(net.callsTo('/system/getConsoleList')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(net.callsTo('/system/getConsoleList')).toHaveLength(3));
  });

  it('names the consoles up now whose logs and recordings this one cannot read', async () => {
    asSuperManager({
      '/system/getConsoleList': [
        {
          code: 0,
          data: {
            list: [
              ...CONSOLES,
              { ...NODE, id: 'f6', host: 'ferry-f', sharedFiles: false },
              { ...NODE, id: 'g7', host: 'ferry-g', up: false, sharedFiles: false },
            ],
          },
        },
      ],
    });
    renderApp('/system/consoles');
    const banner = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(banner.textContent).toContain(
      'The deploy logs and terminal recordings of ferry-f cannot be read through this console',
    );
    expect(banner.textContent).toContain('the same FERRY_SHARED_DIR');
    // A console down now is left out: it reads nothing for anyone.
    expect(banner.textContent).not.toContain('ferry-g');
  });

  it('warns of nothing while every console shares the files', async () => {
    asSuperManager();
    renderApp('/system/consoles');
    await rowOf('ferry-a');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when no console has reported', async () => {
    asSuperManager({ '/system/getConsoleList': [{ code: 0, data: { list: [] } }] });
    renderApp('/system/consoles');
    expect(
      await screen.findByText('No console has reported yet', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('offers a retry when the list fails to load', async () => {
    const net = asSuperManager({
      '/system/getConsoleList': [
        { code: 2, message: 'Database is down', reason: 'internal_error' },
        LISTED,
      ],
    });
    renderApp('/system/consoles');
    expect(
      await screen.findByText('Could not load the consoles', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await rowOf('ferry-a')).toBeTruthy();
    expect(net.callsTo('/system/getConsoleList')).toHaveLength(2);
  });

  it('shows a card per console on a phone, this one marked', async () => {
    onPhone();
    asSuperManager();
    renderApp('/system/consoles');
    const card = (await screen.findByText('ferry-a', {}, { timeout: 5000 })).closest('li')!;
    expect(within(card).getByText('This console')).toBeTruthy();
    expect(within(card).getByText('Up')).toBeTruthy();
    expect(within(card).getByText('Deploy since 21:29:40')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
  });

  it('opens from /system', async () => {
    asSuperManager();
    const { router } = renderApp('/system');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/consoles'));
    expect(await rowOf('ferry-a')).toBeTruthy();
  });
});

describe('the consoles page is for super managers', () => {
  it('is in the menu of a super manager', async () => {
    asSuperManager();
    renderApp('/user/profile');
    await waitFor(() => expect(sideMenu()).toBeTruthy());
    // The System section holds the consoles and the sign-in settings.
    fireEvent.click(within(sideMenu()).getByRole('menuitem', { name: /System/ }));
    expect(await within(sideMenu()).findByRole('menuitem', { name: 'Consoles' })).toBeTruthy();
    expect(within(sideMenu()).getByRole('menuitem', { name: 'Sign-in' })).toBeTruthy();
  });

  it('is not in the menu of anyone else, whatever the role holds', async () => {
    asManager();
    renderApp('/user/profile');
    await waitFor(() => expect(sideMenu()).toBeTruthy());
    // The menu is up: the manager's other pages are in it.
    expect(within(sideMenu()).getByRole('menuitem', { name: /Logs/ })).toBeTruthy();
    expect(within(sideMenu()).queryByRole('menuitem', { name: 'Consoles' })).toBeNull();
    expect(within(sideMenu()).queryByRole('menuitem', { name: 'System' })).toBeNull();
  });

  it('answers 403 to anyone else who types its address, without asking the server', async () => {
    const net = asManager();
    const { router } = renderApp('/system/consoles');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(await screen.findByText('No access', { selector: '.ant-result-title' })).toBeTruthy();
    expect(net.callsTo('/system/getConsoleList')).toHaveLength(0);
  });
});
