import { DashboardOutlined, MonitorOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from '../../app/router/appRoute';
import { loadNamespaces } from '../../app/i18n/loadNamespaces';

/** /monitor: the application monitors' section. */
const monitorRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'monitor',
  staticData: { meta: { titleKey: 'monitor', icon: MonitorOutlined } },
});

const monitorIndexRedirect = createRoute({
  getParentRoute: () => monitorRoute,
  path: '/',
  beforeLoad: () => {
    redirect({ to: '/monitor/index', replace: true, throw: true });
  },
});

const monitorListRoute = createRoute({
  getParentRoute: () => monitorRoute,
  path: 'index',
  loader: () => loadNamespaces('monitor'),
  component: lazyRouteComponent(() => import('./pages/MonitorPage'), 'MonitorPage'),
  staticData: {
    meta: {
      titleKey: 'monitorIndex',
      icon: DashboardOutlined,
      permissions: [Perm.ShowMonitorPage],
    },
  },
});

export const monitorSection = monitorRoute.addChildren([monitorIndexRedirect, monitorListRoute]);
