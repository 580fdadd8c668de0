import { ClusterOutlined, LoginOutlined, SettingOutlined } from '@ant-design/icons';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute, loadNamespaces } from '../../platform';

/** /system: the consoles themselves, rather than a namespace's work. */
const systemRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'system',
  staticData: { meta: { titleKey: 'system', icon: SettingOutlined } },
});

/** /system opens its first page (which answers 403 to anyone but a super manager). */
const systemIndexRoute = createRoute({
  getParentRoute: () => systemRoute,
  path: '/',
  beforeLoad: () => {
    redirect({ to: '/system/consoles', replace: true, throw: true });
  },
});

/**
 * /system/consoles: the consoles sharing this database (decision 0044). The server answers its
 * list to super managers alone, so only they see the page, whatever their role holds.
 */
const consolesRoute = createRoute({
  getParentRoute: () => systemRoute,
  path: 'consoles',
  loader: () => loadNamespaces('system'),
  component: lazyRouteComponent(() => import('./pages/ConsolesPage'), 'ConsolesPage'),
  staticData: { meta: { titleKey: 'consoles', icon: ClusterOutlined, superManager: true } },
});

/**
 * /system/sign-in: which directory groups give which namespace and role, and a test of a
 * directory sign-in. The server answers super managers alone.
 */
const signInRoute = createRoute({
  getParentRoute: () => systemRoute,
  path: 'sign-in',
  loader: () => loadNamespaces('system'),
  component: lazyRouteComponent(() => import('./pages/SignInPage'), 'SignInPage'),
  staticData: { meta: { titleKey: 'signIn', icon: LoginOutlined, superManager: true } },
});

export const systemSection = systemRoute.addChildren([
  systemIndexRoute,
  consolesRoute,
  signInRoute,
]);
