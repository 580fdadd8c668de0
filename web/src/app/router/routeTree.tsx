import { createRoute, redirect, type AnyRouter } from '@tanstack/react-router';
import { loginRoute } from '../../features/login/routes';
import { userRoutes } from '../../features/user/routes';
import { userInfoQuery } from '../../auth/userInfoQuery';
import { buildMenu } from '../menu/buildMenu';
import { firstMenuPath } from '../menu/firstMenuPath';
import { routeToMenuSource } from '../menu/routeToMenuSource';
import { NotFoundPage } from '../pages/NotFoundPage';
import { appRoute } from './appRoute';
import { rootRoute } from './rootRoute';

/** Where a user without any other page lands. */
export const FALLBACK_HOME = '/user/profile';

/** `/` opens the first page of the user's menu. */
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const held = context.queryClient.getQueryData(userInfoQuery.queryKey)?.namespace.permissionIds;
    const to = firstMenuPath(buildMenu(routeToMenuSource(appRoute), held ?? [])) ?? FALLBACK_HOME;
    redirect<AnyRouter, string>({ to, replace: true, throw: true });
  },
});

const notFoundRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '404',
  component: NotFoundPage,
  staticData: { meta: { titleKey: 'notFound', hidden: true } },
});

/** Any other path: the login guard runs first, then the 404 page. */
const catchAllRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  beforeLoad: () => {
    redirect({ to: '/404', replace: true, throw: true });
  },
});

/**
 * The whole route tree. A feature adds its `routes.tsx` export here, in menu order; the menu, the
 * guard and the `/` redirect read titles, icons and permissions from each route's `staticData.meta`.
 */
export const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([indexRoute, userRoutes, notFoundRoute, catchAllRoute]),
]);
