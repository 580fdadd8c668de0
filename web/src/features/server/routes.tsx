import { CloudServerOutlined, CodeOutlined, DatabaseOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from '../../app/router/appRoute';
import { validateTerminalSearch } from '../terminal/utils/terminalSearch';
import { loadNamespaces } from '../../app/i18n/loadNamespaces';

/** /server: the servers section. */
const serverRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'server',
  staticData: { meta: { titleKey: 'server', icon: CloudServerOutlined } },
});

const serverIndexRedirect = createRoute({
  getParentRoute: () => serverRoute,
  path: '/',
  beforeLoad: () => {
    redirect({ to: '/server/index', replace: true, throw: true });
  },
});

const serverListRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'index',
  loader: () => loadNamespaces('server'),
  component: lazyRouteComponent(() => import('./pages/ServerPage'), 'ServerPage'),
  staticData: {
    meta: { titleKey: 'serverIndex', icon: DatabaseOutlined, permissions: [Perm.ShowServerPage] },
  },
});

const terminalRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'terminal',
  validateSearch: validateTerminalSearch,
  loader: () => loadNamespaces('terminal'),
  component: lazyRouteComponent(() => import('../terminal/pages/TerminalPage'), 'TerminalPage'),
  staticData: {
    meta: { titleKey: 'terminal', icon: CodeOutlined, permissions: [Perm.ShowTerminalPage] },
  },
});

export const serverRoutes = serverRoute.addChildren([
  serverIndexRedirect,
  serverListRoute,
  terminalRoute,
]);
