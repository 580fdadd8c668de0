import { UserOutlined } from '@ant-design/icons';
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

export const userRoutes = userRoute.addChildren([userIndexRoute, profileRoute]);
