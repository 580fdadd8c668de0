import { ScheduleOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../../platform';
import { validateServerSearch } from '../../ui/useServerFromAddress';
import { serverRoute } from '../server';

/**
 * /server/cron?serverId=: a server's cron jobs and crontab, in the servers section (the job
 * form's alert fields carry the monitor feature's texts).
 */
export const cronRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'cron',
  validateSearch: validateServerSearch,
  loader: () => loadNamespaces('cron', 'monitor'),
  component: lazyRouteComponent(() => import('./pages/CronPage'), 'CronPage'),
  staticData: {
    meta: {
      titleKey: 'cron',
      icon: ScheduleOutlined,
      permissions: [Perm.ShowCronPage],
    },
  },
});
