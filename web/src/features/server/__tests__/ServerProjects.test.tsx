import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { menuItem, openRowMenu } from '../../../test/openRowMenu';
import { renderApp } from '../../../test/renderApp';
import { serverRow } from './serverRows';
import { ALL_SERVER_PERMS, dialogTitled, withServers } from './serverSetup';

const WEB = serverRow(4, 'web-1');

const binding = (id: number, name: string, environment: number) => ({
  id,
  projectId: id * 10,
  serverId: WEB.id,
  project: { id: id * 10, name, branch: 'main', environment },
  insertTime: '2026-01-02 09:00:00',
  updateTime: '2026-01-02 09:00:00',
});

const findRow = (name: string) =>
  screen.findByText(name, { selector: 'td strong' }, { timeout: 5000 });

async function openProjects() {
  await findRow('web-1');
  fireEvent.click(menuItem(await openRowMenu('web-1'), 'Projects'));
  return waitFor(() => dialogTitled('Projects deploying to web-1'));
}

describe('the projects of a server', () => {
  it('lists the bound projects and unbinds one after a confirmation', async () => {
    const net = withServers({
      list: [WEB],
      permissionIds: [...ALL_SERVER_PERMS, Perm.UnbindServerProject],
      routes: {
        '/server/getBindProjectList': [
          { code: 0, data: { list: [binding(7, 'shop', 1), binding(8, 'blog', 3)] } },
          { code: 0, data: { list: [binding(8, 'blog', 3)] } },
        ],
        '/server/unbindProject': [{ code: 0, data: null }],
      },
    });
    renderApp('/server/index');
    const dialog = await openProjects();
    expect(await dialog.findByText('shop')).toBeTruthy();
    expect(dialog.getByText('Production')).toBeTruthy();
    expect(queryOf(net.callsTo('/server/getBindProjectList')[0])).toEqual({ id: '4' });

    const shopRow = dialog.getByText('shop').closest('tr') as HTMLElement;
    fireEvent.click(within(shopRow).getByText('Unbind'));
    const confirm = await waitFor(() => dialogTitled('Unbind shop?'));
    expect(confirm.getByText(/shop will no longer deploy to web-1/)).toBeTruthy();
    expect(net.callsTo('/server/unbindProject')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Unbind' }));
    await waitFor(() => expect(net.callsTo('/server/unbindProject')).toHaveLength(1));
    expect(net.callsTo('/server/unbindProject')[0]?.method).toBe('DELETE');
    expect(net.callsTo('/server/unbindProject')[0]?.body).toEqual({ ids: [7] });
    expect(await screen.findByText('shop no longer deploys to web-1')).toBeTruthy();
    await waitFor(() => expect(dialog.queryByText('shop')).toBeNull());
    expect(dialog.getByText('blog')).toBeTruthy();
  });

  it('hides Unbind without the permission', async () => {
    withServers({
      list: [WEB],
      routes: {
        '/server/getBindProjectList': [{ code: 0, data: { list: [binding(7, 'shop', 1)] } }],
      },
    });
    renderApp('/server/index');
    const dialog = await openProjects();
    expect(await dialog.findByText('shop')).toBeTruthy();
    expect(dialog.queryByText('Unbind')).toBeNull();
  });

  it('says so when no project deploys to the server', async () => {
    withServers({
      list: [WEB],
      permissionIds: [Perm.ShowServerPage],
      routes: { '/server/getBindProjectList': [{ code: 0, data: { list: [] } }] },
    });
    renderApp('/server/index');
    const dialog = await openProjects();
    expect(await dialog.findByText('No project deploys to web-1')).toBeTruthy();
  });
});
