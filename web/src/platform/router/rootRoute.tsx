import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { DocumentTitle } from './DocumentTitle';
import type { RouterContext } from './RouterContext';

/** The root of every route: the login page and the authenticated app hang below it. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  ),
});
