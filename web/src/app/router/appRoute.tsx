import { createRoute } from '@tanstack/react-router';
import { AppLayout } from '../layout/AppLayout';
import { FullPageLoading } from '../../ui/FullPageLoading';
import { guard } from './guard';
import { rootRoute } from './rootRoute';

/**
 * The authenticated part of the app: navbar, sidebar and the page. Feature routes hang below it
 * (`getParentRoute: () => appRoute`) and are listed in `routeTree.tsx`.
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  // The annotated return type keeps TypeScript from inferring through the registered router
  // (whose type includes this route).
  beforeLoad: ({ location, context, matches }): Promise<void> =>
    guard({ location, context, matches }),
  component: AppLayout,
  pendingComponent: FullPageLoading,
});
