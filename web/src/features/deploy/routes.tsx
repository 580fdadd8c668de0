import { RocketOutlined, SendOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute, loadNamespaces } from '../../platform';

/** /deploy: the deploy section, first in goploy's menu. */
const deployRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'deploy',
  staticData: { meta: { titleKey: 'deploy', icon: SendOutlined } },
});

const deployIndexRedirect = createRoute({
  getParentRoute: () => deployRoute,
  path: '/',
  beforeLoad: () => {
    redirect({ to: '/deploy/index', replace: true, throw: true });
  },
});

/** The deploy page is a fixed tab (product.md §2): always in the strip, never closed. */
const deployIndexRoute = createRoute({
  getParentRoute: () => deployRoute,
  path: 'index',
  loader: () => loadNamespaces('deploy'),
  component: lazyRouteComponent(() => import('./pages/DeployPage'), 'DeployPage'),
  staticData: {
    meta: {
      titleKey: 'deployIndex',
      icon: RocketOutlined,
      affix: true,
      permissions: [Perm.ShowDeployPage],
    },
  },
});

export const deployRoutes = deployRoute.addChildren([deployIndexRedirect, deployIndexRoute]);
