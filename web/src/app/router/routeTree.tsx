import { createRoute, lazyRouteComponent, redirect, type AnyRouter } from '@tanstack/react-router';
import { cronRoute } from '../../features/cron';
import { deployRoutes } from '../../features/deploy';
import { loginRoute } from '../../features/login';
import { logPages, logRoute, sftpLogRoute } from '../../features/log';
import { memberPages, memberRoute } from '../../features/member';
import { monitorSection } from '../../features/monitor';
import { namespaceRoutes } from '../../features/namespace';
import { nginxRoute } from '../../features/nginx';
import { notificationRoute } from '../../features/notification';
import { projectRoutes } from '../../features/project';
import { processRoute, scriptRoute } from '../../features/script';
import { serverPages, serverRoute } from '../../features/server';
import { sftpRoute } from '../../features/sftp';
import { systemSection } from '../../features/system';
import { terminalLogRoute, terminalRoute } from '../../features/terminal';
import { toolboxRoutes } from '../../features/toolbox';
import { userRoutes } from '../../features/user';
import { accessOf } from '../../auth/accessOf';
import { userInfoQuery } from '../../auth/userInfoQuery';
import { appRoute, rootRoute } from '../../platform';
import { AppLayout } from '../layout/AppLayout';
import { buildMenu } from '../menu/buildMenu';
import { firstMenuPath } from '../menu/firstMenuPath';
import { routeToMenuSource } from '../menu/routeToMenuSource';
import { RedirectPage } from './RedirectPage';

/** Where a user without any other page lands. */
export const FALLBACK_HOME = '/user/profile';

/** `/` opens the first page of the user's menu. */
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const access = accessOf(context.queryClient.getQueryData(userInfoQuery.queryKey));
    const to = firstMenuPath(buildMenu(routeToMenuSource(appRoute), access)) ?? FALLBACK_HOME;
    redirect<AnyRouter, string>({ to, replace: true, throw: true });
  },
});

const notFoundRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '404',
  component: lazyRouteComponent(() => import('../pages/NotFoundPage'), 'NotFoundPage'),
  staticData: { meta: { titleKey: 'notFound', hidden: true, noTab: true } },
});

/** A page the user's role may not open. */
const forbiddenRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '403',
  component: lazyRouteComponent(() => import('../pages/ForbiddenPage'), 'ForbiddenPage'),
  staticData: { meta: { titleKey: 'forbidden', hidden: true, noTab: true } },
});

/** /redirect/{path}: the tabs strip's refresh passes through here. */
const redirectRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'redirect/$',
  component: RedirectPage,
  staticData: { meta: { titleKey: 'redirect', hidden: true, noTab: true } },
});

/** Any other path: the login guard runs first, then the 404 page. */
const catchAllRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  beforeLoad: () => {
    redirect({ to: '/404', replace: true, throw: true });
  },
});

// The authenticated pages show in the app's layout: navbar, sidebar and tabs strip.
appRoute.update({ component: AppLayout });

/**
 * The whole route tree. A feature adds the routes its `index.ts` exports here, in menu order; the
 * servers and logs sections, which the terminal, the file manager, the scripts and the process groups add their pages to, and the members section, which
 * notifications join, are assembled here so that their own features need not know the others;
 * the menu, the guard and the `/` redirect read titles, icons and permissions from each route's
 * `staticData.meta`.
 */
export const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([
    indexRoute,
    deployRoutes,
    projectRoutes,
    monitorSection,
    serverRoute.addChildren([
      ...serverPages,
      terminalRoute,
      sftpRoute,
      scriptRoute,
      processRoute,
      cronRoute,
      nginxRoute,
    ]),
    namespaceRoutes,
    memberRoute.addChildren([...memberPages, notificationRoute]),
    logRoute.addChildren([...logPages, terminalLogRoute, sftpLogRoute]),
    userRoutes,
    // After the profile: a super manager whose role opens no page still lands there.
    systemSection,
    toolboxRoutes,
    redirectRoute,
    notFoundRoute,
    forbiddenRoute,
    catchAllRoute,
  ]),
]);
