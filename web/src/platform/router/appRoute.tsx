import { createRoute } from '@tanstack/react-router';
import { FullPageLoading } from '../../ui/FullPageLoading';
import { guard } from './guard';
import { rootRoute } from './rootRoute';

/**
 * The authenticated part of the app, behind the login guard. Feature routes hang below it
 * (`getParentRoute: () => appRoute`); the app lists them in its route tree and puts its layout
 * (navbar, sidebar, tabs strip) around them as this route's component.
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  // The annotated return type keeps TypeScript from inferring through the registered router
  // (whose type includes this route).
  beforeLoad: ({ location, context, matches }): Promise<void> =>
    guard({ location, context, matches }),
  pendingComponent: FullPageLoading,
});
