import { createRouter } from '@tanstack/react-router';
import { queryClient } from '../../platform';
import { RouteError } from '../../ui/RouteError';
import { FullPageLoading } from '../../ui/FullPageLoading';
import { routeTree } from './routeTree';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPendingMs: 200,
  defaultPendingMinMs: 300,
  defaultPendingComponent: FullPageLoading,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
