import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NginxEditorProps } from '../components/NginxEditor';
import { ALL, APP_CONF, openNginxPage, PATH_ANSWER, refusedByNginx, SITES } from './nginxPageSetup';

// CodeMirror does not lay out in jsdom: a text area stands in, showing the marked line.
vi.mock('../components/LazyNginxEditor', () => ({
  LazyNginxEditor: (p: NginxEditorProps) => (
    <textarea
      aria-label={p.label}
      value={p.value}
      readOnly={p.readOnly}
      data-mark={p.mark?.line ?? ''}
      onChange={(e) => p.onChange?.(e.target.value)}
    />
  ),
}));

const T = { timeout: 5000 };

async function openAppConf() {
  const tree = await screen.findByRole('tree', { name: 'Configuration files' }, T);
  fireEvent.click(within(tree).getByText('app.conf'));
  return screen.findByRole<HTMLTextAreaElement>('textbox', {
    name: 'Configuration file app.conf',
  });
}

describe('the nginx page', () => {
  it('lists the directories and files with the disabled one marked', async () => {
    openNginxPage({});
    const tree = await screen.findByRole('tree', { name: 'Configuration files' }, T);
    expect(within(tree).getByText('/home/deploy/nginx/conf')).toBeTruthy();
    expect(within(tree).getByText('sites')).toBeTruthy();
    expect(within(tree).getByText('old.conf.disabled')).toBeTruthy();
    expect(within(tree).getAllByText('disabled')).toHaveLength(1);
    expect(await screen.findByText('/usr/sbin/nginx')).toBeTruthy();
  });

  it('marks the line nginx refused in the open file and shows nginx’s message', async () => {
    const output = `nginx: [emerg] unexpected "}" in ${SITES}/app.conf:3\nnginx: configuration file test failed`;
    const net = openNginxPage({
      '/server/editNginxConfig': refusedByNginx(output, `${SITES}/app.conf`, 3),
    });
    const editor = await openAppConf();
    expect(editor.value).toBe(APP_CONF);
    fireEvent.change(editor, { target: { value: APP_CONF.replace('"v1";', '"v2"') } });
    expect(await screen.findByText('Unsaved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    const panel = await screen.findByRole('region', { name: 'nginx output' });
    expect(within(panel).getByTestId('nginx-output').textContent).toContain('unexpected "}"');
    expect(within(panel).getByText(`In ${SITES}/app.conf, line 3`)).toBeTruthy();
    await waitFor(() => expect(editor.getAttribute('data-mark')).toBe('3'));
    expect(net.callsTo('/server/editNginxConfig')[0]?.body).toEqual({
      serverId: 1,
      dir: SITES,
      filename: 'app.conf',
      content: APP_CONF.replace('"v1";', '"v2"'),
      hash: 'a'.repeat(64),
    });
    expect(screen.getByText('Unsaved')).toBeTruthy();
  });

  it('shows nginx’s message without a mark when another file failed', async () => {
    openNginxPage({
      '/server/editNginxConfig': refusedByNginx(
        'nginx: [emerg] bad in /etc/x.conf:9',
        '/etc/x.conf',
        9,
      ),
    });
    const editor = await openAppConf();
    fireEvent.change(editor, { target: { value: 'server {}\n' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('In /etc/x.conf, line 9')).toBeTruthy();
    expect(editor.getAttribute('data-mark')).toBe('');
  });

  it('gives every action to a user with all the permissions', async () => {
    openNginxPage({});
    await openAppConf();
    for (const name of [/Check/, /Reload/, /New/, /Binary path/, /Save/, 'More actions']) {
      expect(screen.getByRole('button', { name }), String(name)).toBeTruthy();
    }
    // start and stop only where systemd runs nginx
    expect(screen.queryByRole('button', { name: /Start/ })).toBeNull();
  });

  it('hides the buttons the user may not use and keeps the editor read-only', async () => {
    openNginxPage({}, [Perm.ShowServerNginxPage]);
    const editor = await openAppConf();
    expect(editor.readOnly).toBe(true);
    for (const name of [/Check/, /Reload/, /New/, /Binary path/, /Save/, 'More actions']) {
      expect(screen.queryByRole('button', { name }), String(name)).toBeNull();
    }
    expect(screen.getByRole('button', { name: /Effective configuration/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'History' })).toBeTruthy();
  });

  it('shows a file that is not its exact bytes read-only, saying why', async () => {
    openNginxPage({
      '/server/getNginxConfigContent': [
        { code: 0, data: { content: '# ***\n', hash: 'b'.repeat(64), exact: false } },
      ],
    });
    const editor = await openAppConf();
    expect(editor.readOnly).toBe(true);
    expect(screen.getByText(/It can be read but not saved from this page/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('offers start and stop where systemd runs nginx', async () => {
    openNginxPage(
      { '/server/getNginxPath': [{ code: 0, data: { ...PATH_ANSWER, systemd: true } }] },
      ALL,
    );
    expect(await screen.findByRole('button', { name: /Start/ }, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Stop/ })).toBeTruthy();
  });

  it('explains when no nginx runs and stores a typed binary', async () => {
    const net = openNginxPage({
      '/server/getNginxPath': [
        { code: 0, data: { ...PATH_ANSWER, path: '', prefix: '', conf: '', candidates: [] } },
      ],
      '/server/setNginxPath': [{ code: 0, data: null }],
    });
    expect(
      await screen.findByText('No running nginx was found on this server', {}, T),
    ).toBeTruthy();
    const path = screen.getByRole('textbox', { name: 'Binary' });
    fireEvent.change(path, { target: { value: '/bin/sh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this binary' }));
    expect(await screen.findByText(/whose file name is nginx or openresty/)).toBeTruthy();
    fireEvent.change(path, { target: { value: '/opt/nginx/sbin/nginx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this binary' }));
    await waitFor(() => expect(net.callsTo('/server/setNginxPath')).toHaveLength(1));
    expect(net.callsTo('/server/setNginxPath')[0]?.body).toEqual({
      serverId: 1,
      path: '/opt/nginx/sbin/nginx',
      prefix: '',
      conf: '',
    });
  });

  it('shows the typed-path hint without the form to a user who may not manage nginx', async () => {
    openNginxPage(
      {
        '/server/getNginxPath': [
          { code: 0, data: { ...PATH_ANSWER, path: '', prefix: '', conf: '', candidates: [] } },
        ],
      },
      [Perm.ShowServerNginxPage],
    );
    expect(await screen.findByText(/Someone allowed to manage nginx/, {}, T)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Binary' })).toBeNull();
  });

  it("shows nginx's message when a delete is refused by its test", async () => {
    const net = openNginxPage({
      '/server/deleteNginxConfig': refusedByNginx(
        `nginx: [emerg] open() "${SITES}/app.conf" failed in /etc/nginx/nginx.conf:12`,
      ),
    });
    await openAppConf();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByText('Delete'));
    const [title] = await screen.findAllByText('Delete app.conf?', {
      selector: '.ant-modal-confirm-title',
    });
    const dialog = title?.closest<HTMLElement>('.ant-modal-confirm');
    if (!dialog) throw new Error('no confirmation');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(net.callsTo('/server/deleteNginxConfig')).toHaveLength(1));
    expect(net.callsTo('/server/deleteNginxConfig')[0]?.body).toEqual({
      serverId: 1,
      file: `${SITES}/app.conf`,
    });
    const panel = await screen.findByRole('region', { name: 'nginx output' });
    expect(within(panel).getByText('app.conf was not deleted')).toBeTruthy();
    expect(within(panel).getByTestId('nginx-output').textContent).toContain('open()');
  });

  it('keeps the open server in the address and drops it when its tab closes', async () => {
    const { router } = openNginxPage({});
    await screen.findByRole('tree', { name: 'Configuration files' }, T);
    expect(router.state.location.search).toEqual({ serverId: 1 });
    const tab = screen.getByRole('tab', { name: 'web-1' });
    fireEvent.click(within(tab.parentElement!).getByRole('button', { name: /remove|close/i }));
    expect(await screen.findByText('Pick a server above to manage its nginx')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('asks before closing a tab whose open file has unsaved changes', async () => {
    openNginxPage({});
    const editor = await openAppConf();
    fireEvent.change(editor, { target: { value: 'server {}\n' } });
    const tab = screen.getByRole('tab', { name: 'web-1' });
    fireEvent.click(within(tab.parentElement!).getByRole('button', { name: /remove|close/i }));
    const [title] = await screen.findAllByText('Discard your changes?', {
      selector: '.ant-modal-confirm-title',
    });
    const dialog = title?.closest<HTMLElement>('.ant-modal-confirm');
    if (!dialog) throw new Error('no confirmation');
    expect(screen.getByRole('tab', { name: 'web-1' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Pick a server above to manage its nginx')).toBeTruthy();
  });
});
