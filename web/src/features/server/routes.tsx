import { CloudServerOutlined, DatabaseOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute, loadNamespaces } from '../../platform';
import { validateServerSearch } from '../../ui/useServerFromAddress';

/** /server: the servers section; the terminal feature hangs its page below it too. */
export const serverRoute = createRoute({
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
  // The usage cell and the agent install drawer are the metrics feature's, with its texts.
  loader: () => loadNamespaces('server', 'metrics'),
  component: lazyRouteComponent(() => import('./pages/ServerPage'), 'ServerPage'),
  staticData: {
    meta: { titleKey: 'serverIndex', icon: DatabaseOutlined, permissions: [Perm.ShowServerPage] },
  },
});

/**
 * /server/agent?serverId=: one server's metrics and warning rules (the metrics feature's page,
 * loaded with its texts and the monitor's alert fields only when opened).
 */
const serverAgentRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'agent',
  validateSearch: validateServerSearch,
  loader: () => loadNamespaces('metrics', 'monitor'),
  component: lazyRouteComponent(() => import('../metrics'), 'AgentPage'),
  staticData: {
    meta: {
      titleKey: 'serverAgent',
      hidden: true,
      activeMenu: '/server/index',
      permissions: [Perm.ShowServerMonitorPage],
    },
  },
});

/** The section's own pages; the router adds the terminal page after them (`routeTree.tsx`). */
export const serverPages = [serverIndexRedirect, serverListRoute, serverAgentRoute] as const;
