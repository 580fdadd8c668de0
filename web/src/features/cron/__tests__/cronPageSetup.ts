import { Perm } from '@ferry/contract/client';
import { screen } from '@testing-library/react';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';
import type { FakeRoutes } from '../../../test/fakeFetch';

/** Every permission of the page and its actions. */
export const PERMS = [Perm.ShowCronPage, Perm.AddCron, Perm.EditCron, Perm.DeleteCron];

/** A backup job every five minutes on weekdays, its last run fine. */
export const JOB = {
  id: 7,
  serverId: 1,
  expression: '*/5 * * * mon-fri',
  crontabExpression: '*/5 * * * mon-fri',
  command: 'backup.sh --all',
  singleMode: 1,
  logLevel: 2,
  description: 'nightly backup',
  state: 1,
  notifyType: 0,
  notifyTarget: '',
  creator: 'me',
  editor: 'me',
  insertTime: '2026-03-01 10:00:00',
  updateTime: '2026-03-01 10:00:00',
  lastRun: { execCode: 0, skipped: false, startTime: '2026-03-01 12:05:00', durationMs: 1500 },
};

export const FENCE_OK = { state: 'ok', user: 'deploy', error: '' };

/** `/cron/getList`'s answer with `list`. */
export const jobs = (list: object[], fence: object = FENCE_OK) => ({
  code: 0,
  data: { list, fence },
});

/** Opens `/server/cron?serverId=1` on server web-1, with `routes` over the defaults. */
export function openCronPage(routes: FakeRoutes, permissionIds: readonly number[] = PERMS) {
  const net = loggedIn({
    permissionIds,
    routes: {
      '/server/getOption': [
        {
          code: 0,
          data: {
            list: [
              { id: 1, name: 'web-1', ip: '10.0.0.1', port: 22, description: '' },
              { id: 2, name: 'web-2', ip: '10.0.0.2', port: 22, description: '' },
            ],
          },
        },
      ],
      '/cron/getList': [jobs([JOB])],
      ...routes,
    },
  });
  renderApp('/server/cron?serverId=1');
  return net;
}

/** The table row showing `text` (a job's command), once the page's chunk has loaded. */
export async function rowOf(text: string): Promise<HTMLElement> {
  const found = await screen.findByText(text, { selector: 'td *' }, { timeout: 5000 });
  const row = found.closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}
