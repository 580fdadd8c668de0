import { ApiOutlined, UserOutlined } from '@ant-design/icons';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute, loadNamespaces } from '../../platform';

/** /user: the account section; /user itself opens the profile. */
const userRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'user',
  staticData: { meta: { titleKey: 'account', icon: UserOutlined } },
});

const userIndexRoute = createRoute({
  getParentRoute: () => userRoute,
  path: '/',
  beforeLoad: () => {
    redirect({ to: '/user/profile', replace: true, throw: true });
  },
});

const profileRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'profile',
  loader: () => loadNamespaces('user'),
  component: lazyRouteComponent(() => import('./pages/ProfilePage'), 'ProfilePage'),
  staticData: { meta: { titleKey: 'profile', icon: UserOutlined } },
});

/**
 * /user/api: the API's reference from the console's OpenAPI document, opened from the user menu
 * (not from the side menu).
 * Its renderer is loaded with this page alone.
 */
const apiReferenceRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'api',
  loader: () => loadNamespaces('user'),
  component: lazyRouteComponent(() => import('./pages/ApiReferencePage'), 'ApiReferencePage'),
  staticData: { meta: { titleKey: 'apiReference', icon: ApiOutlined, hidden: true } },
});

export const userRoutes = userRoute.addChildren([userIndexRoute, profileRoute, apiReferenceRoute]);
