import { Perm } from '@ferry/contract/client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';
import { deployRow, previewRow } from './deployRows';
import { cardOf, findCard, findDialog, withDeploys } from './deploySetup';

/** The routes the progress drawer asks when a rollback starts. */
const DRAWER_ROUTES = {
  '/deploy/getPublishLog': [{ code: 0, data: { lines: [], truncated: false } }],
  '/deploy/getPublishTrace': [{ code: 0, data: { list: [] } }],
  '/deploy/getPublishProgress': [
    { code: 0, data: { state: 1, stage: 'queue', message: '', status: 'queued', ahead: 0 } },
  ],
};

/** Opens the history of the shop card. */
async function openHistory() {
  await findCard('shop');
  fireEvent.click(cardOf('shop').getByRole('button', { name: 'More actions for shop' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: /History/ }));
  return findDialog('Deploy history of shop');
}

/** The history of a deployed shop: two deploys, the older one a rollback itself. */
function withHistory(rebuild: { type: 'symlink' | 'publish'; token: string }) {
  return withDeploys({
    list: [deployRow(1, 'shop', { deployState: 2, lastPublishToken: 'tok-2' })],
    routes: {
      '/deploy/getPreview': [
        {
          code: 0,
          data: {
            list: [
              previewRow('tok-2', { ext: 'b'.repeat(40), message: 'Second' }),
              previewRow('tok-1', { ext: 'a'.repeat(40), message: 'First', kind: 'rollback' }),
            ],
            pagination: { page: 1, rows: 10, total: 12 },
          },
        },
      ],
      '/deploy/rebuild': [{ code: 0, data: rebuild }],
      ...DRAWER_ROUTES,
    },
  });
}

describe('the deploy history drawer', () => {
  it('lists the deploys and re-links a kept release, then shows its progress', async () => {
    const net = withHistory({ type: 'symlink', token: 'tok-r1' });
    renderApp('/deploy/index');
    const drawer = await openHistory();
    expect(await drawer.findByText('Second')).toBeTruthy();
    expect(drawer.getByText('Total: 12')).toBeTruthy();
    expect(drawer.getByText('Rollback')).toBeTruthy();
    expect(queryOf(net.callsTo('/deploy/getPreview')[0])).toMatchObject({
      projectId: '1',
      state: '-1',
      page: '1',
      rows: '10',
    });

    const row = drawer.getByText('First').closest('tr')!;
    fireEvent.click(row.querySelector('button.ant-btn-dangerous')!);
    const confirm = await findDialog('Roll shop back to aaaaaaa?');
    expect(net.callsTo('/deploy/rebuild')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(net.callsTo('/deploy/rebuild')).toHaveLength(1));
    expect(net.callsTo('/deploy/rebuild')[0]?.body).toEqual({ token: 'tok-1' });
    expect(await screen.findByText('shop is re-linked to aaaaaaa')).toBeTruthy();
    expect(await findDialog('Deploy of shop')).toBeTruthy();
    await waitFor(() =>
      expect(queryOf(net.callsTo('/deploy/getPublishLog')[0])).toEqual({ token: 'tok-r1' }),
    );
  });

  it('says when a rollback rebuilds the commit instead', async () => {
    const net = withHistory({ type: 'publish', token: 'tok-r2' });
    renderApp('/deploy/index');
    const drawer = await openHistory();
    const row = (await drawer.findByText('Second')).closest('tr')!;
    fireEvent.click(row.querySelector('button.ant-btn-dangerous')!);
    fireEvent.click(
      (await findDialog('Roll shop back to bbbbbbb?')).getByRole('button', { name: 'Roll back' }),
    );
    expect(await screen.findByText('shop is being rebuilt at bbbbbbb')).toBeTruthy();
    expect(net.callsTo('/deploy/rebuild')[0]?.body).toEqual({ token: 'tok-2' });
  });

  it('tags the release the servers run as current and offers no rollback to it', async () => {
    withDeploys({
      list: [deployRow(1, 'shop', { deployState: 2, lastPublishToken: 'tok-2' })],
      routes: {
        '/deploy/getPreview': [
          {
            code: 0,
            data: {
              list: [
                previewRow('tok-2', { ext: 'b'.repeat(40), message: 'Second', current: true }),
                previewRow('tok-1', { ext: 'a'.repeat(40), message: 'First' }),
              ],
              pagination: { page: 1, rows: 10, total: 2 },
            },
          },
        ],
      },
    });
    renderApp('/deploy/index');
    const drawer = await openHistory();
    const live = (await drawer.findByText('Second')).closest('tr')!;
    expect(live.textContent).toContain('Current');
    expect(live.querySelector('button.ant-btn-dangerous')).toBeNull();
    const older = drawer.getByText('First').closest('tr')!;
    expect(older.textContent).not.toContain('Current');
    expect(older.querySelector('button.ant-btn-dangerous')).not.toBeNull();
  });

  it('filters the history and keeps rollback from those who may not', async () => {
    const net = withDeploys({
      list: [deployRow(1, 'shop', { deployState: 2, lastPublishToken: 'tok-2' })],
      permissionIds: [Perm.ShowDeployPage, Perm.DeployDetail],
      routes: {
        '/deploy/getPreview': [
          {
            code: 0,
            data: {
              list: [
                previewRow('tok-2', {
                  ext: 'b'.repeat(40),
                  message: 'Second',
                  tag: 'v2',
                  state: 0,
                  status: 'failed',
                }),
              ],
              pagination: { page: 1, rows: 10, total: 1 },
            },
          },
        ],
      },
    });
    renderApp('/deploy/index');
    const drawer = await openHistory();
    expect(await drawer.findByText('Second')).toBeTruthy();
    expect(drawer.getByText('v2')).toBeTruthy();
    expect(drawer.queryByRole('button', { name: /Roll back/ })).toBeNull();
    expect(drawer.getByRole('button', { name: /Detail/ })).toBeTruthy();

    fireEvent.change(drawer.getByLabelText('Branch'), { target: { value: ' release ' } });
    fireEvent.mouseDown(drawer.getByLabelText('State'));
    fireEvent.click(await screen.findByTitle('Failed'));
    fireEvent.mouseDown(drawer.getByLabelText('Publisher'));
    fireEvent.click(await screen.findByTitle('Alice'));
    fireEvent.click(drawer.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(net.callsTo('/deploy/getPreview')).toHaveLength(2));
    expect(queryOf(net.callsTo('/deploy/getPreview')[1])).toMatchObject({
      projectId: '1',
      userId: '7',
      state: '0',
      branch: 'release',
      page: '1',
    });
  });
});
