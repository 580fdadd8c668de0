import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Perm } from '@ferry/contract/client';
import { queryOf } from '../../../test/fakeFetch';
import { renderApp } from '../../../test/renderApp';
import { nextCronRuns } from '../../../ui/nextCronRuns';
import { deployRow } from './deployRows';
import { ALL_DEPLOY_PERMS, findCard, findDialog, pickMenu, withDeploys } from './deploySetup';

const SHOP = deployRow(1, 'shop', { lastPublishToken: 'tok-old', deployState: 2 });

const TASK = {
  id: 7,
  projectId: 1,
  branch: 'main',
  commit: '',
  date: '',
  state: 1,
  isRun: 0,
  creatorId: 1,
  creator: 'admin',
  editorId: 0,
  editor: '',
  insertTime: '2026-01-01 10:00:00',
  updateTime: '2026-01-01 10:00:00',
  cron: '0 3 * * *',
  nextRun: '2026-01-03 03:00:00',
  lastRun: '2026-01-02 03:01:10',
  late: 1,
  lastToken: 'tok-run',
  lastResult: 'queued',
  lastError: '',
};

describe('the schedule drawer', () => {
  it("lists a project's scheduled deploys with the last run, late, and removes one", async () => {
    const net = withDeploys({
      list: [SHOP],
      permissionIds: [...ALL_DEPLOY_PERMS, Perm.DeployTask],
      routes: {
        '/project/getTaskList': [
          {
            code: 0,
            data: {
              list: [
                TASK,
                {
                  ...TASK,
                  id: 8,
                  cron: '',
                  date: '2026-01-05 08:00:00',
                  isRun: 1,
                  late: 0,
                  lastToken: '',
                  lastResult: 'skipped',
                  lastError: 'creator_not_allowed',
                },
              ],
              pagination: { page: 1, rows: 10, total: 2 },
            },
          },
        ],
        '/project/removeTask': [{ code: 0, data: null }],
      },
    });
    renderApp('/deploy/index');
    await findCard('shop');
    await pickMenu('shop', 'Schedule');
    const drawer = await findDialog('Scheduled deploys of shop');
    expect(await drawer.findByText('0 3 * * *')).toBeTruthy();
    expect(drawer.getByText('next 2026-01-03 03:00:00')).toBeTruthy();
    expect(drawer.getByText('Late')).toBeTruthy();
    expect(drawer.getByText('Deployed')).toBeTruthy();
    // A skipped run says why; a one-off that ran can no longer be removed.
    expect(drawer.getByText('Skipped')).toBeTruthy();
    expect(drawer.getByText('admin may no longer schedule deploys here')).toBeTruthy();
    expect(drawer.getAllByRole('button', { name: /Remove/ })).toHaveLength(1);
    expect(queryOf(net.callsTo('/project/getTaskList')[0])).toMatchObject({ id: '1' });
    fireEvent.click(drawer.getByRole('button', { name: /Remove/ }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Remove/ })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: /Remove/ }).at(-1)!);
    await waitFor(() => expect(net.callsTo('/project/removeTask')).toHaveLength(1));
    expect(net.callsTo('/project/removeTask')[0]?.body).toEqual({ id: 7 });
  });

  it('hides Schedule from a member without DeployTask', async () => {
    withDeploys({ list: [SHOP], permissionIds: ALL_DEPLOY_PERMS });
    renderApp('/deploy/index');
    await findCard('shop');
    fireEvent.click(
      (await findCard('shop')).getByRole('button', { name: 'More actions for shop' }),
    );
    await screen.findByRole('menuitem', { name: /History/ });
    expect(screen.queryByRole('menuitem', { name: /Schedule/ })).toBeNull();
  });
});

describe('the next runs of a cron expression', () => {
  it('lists the next times for five fields and refuses six or a bad value', () => {
    const after = new Date(2026, 0, 1, 10, 2);
    const runs = nextCronRuns('*/15 * * * *', 3, after)!;
    expect(runs.map((d) => d.getMinutes())).toEqual([15, 30, 45]);
    expect(nextCronRuns('@daily', 1, after)![0]!.getDate()).toBe(2);
    expect(nextCronRuns('0 0 * * * *', 1, after)).toBeUndefined();
    expect(nextCronRuns('61 * * * *', 1, after)).toBeUndefined();
    expect(nextCronRuns('', 1, after)).toBeUndefined();
  });
});
