import { render } from '@testing-library/react';
import {
  createMemoryHistory,
  createRouter,
  RouterProvider,
  type AnyRoute,
} from '@tanstack/react-router';
import { beforeAll } from 'vitest';
import { AppProviders, queryClient } from '../platform';
import { RouteError } from '../ui/RouteError';
import { loadAppRouteTree } from './appUnderTest';

let routeTree: AnyRoute | undefined;

// A test file that renders the app loads its route tree (every feature's routes and the layout)
// once, before its first test. That takes seconds, more on a busy machine: the hook has two
// minutes rather than Vitest's 10 s for hooks (imported with the test file, it had no limit).
beforeAll(async () => {
  routeTree = await loadAppRouteTree();
}, 120_000);

/** Renders the real app (providers and route tree) at `path`, in memory. */
export function renderApp(path: string) {
  if (!routeTree) throw new Error('renderApp is called in a test, once the app has loaded.');
  queryClient.clear();
  const history = createMemoryHistory({ initialEntries: [path] });
  // A route that fails shows the app's error page, as the app's router does.
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultErrorComponent: RouteError,
  });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, history };
}
