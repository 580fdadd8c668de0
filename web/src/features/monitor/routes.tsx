import { EyeOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, loadNamespaces } from '../../platform';

/**
 * /monitor/index: the application monitors, a top-level entry of the menu. One route and no
 * section around it (its one page would stand in for it in the menu anyway), and an icon the
 * first page already carries (the eye: watching): the deploy page's JavaScript is at its budget.
 */
export const monitorSection = createRoute({
  getParentRoute: () => appRoute,
  path: 'monitor/index',
  loader: () => loadNamespaces('monitor'),
  component: lazyRouteComponent(() => import('./pages/MonitorPage'), 'MonitorPage'),
  staticData: {
    meta: {
      titleKey: 'monitorIndex',
      icon: EyeOutlined,
      permissions: [Perm.ShowMonitorPage],
    },
  },
});
