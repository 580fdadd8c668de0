import { TeamOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from '../../app/router/appRoute';
import { loadNamespaces } from '../../app/i18n/loadNamespaces';

/** /member: the members section; its one page shows in the menu on its own. */
const memberRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'member',
  staticData: { meta: { titleKey: 'member', icon: TeamOutlined } },
});

const memberIndexRedirect = createRoute({
  getParentRoute: () => memberRoute,
  path: '/',
  beforeLoad: () => {
    redirect({ to: '/member/index', replace: true, throw: true });
  },
});

const memberListRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: 'index',
  loader: () => loadNamespaces('member'),
  component: lazyRouteComponent(() => import('./pages/MemberPage'), 'MemberPage'),
  staticData: {
    meta: { titleKey: 'member', icon: TeamOutlined, permissions: [Perm.ShowMemberPage] },
  },
});

export const memberRoutes = memberRoute.addChildren([memberIndexRedirect, memberListRoute]);
