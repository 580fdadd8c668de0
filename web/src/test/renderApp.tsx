import { render } from '@testing-library/react';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { AppProviders } from '../app/AppProviders';
import { queryClient } from '../app/queryClient';
import { routeTree } from '../app/router/routeTree';

/** Renders the real app (providers and route tree) at `path`, in memory. */
export function renderApp(path: string) {
  queryClient.clear();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree, history, context: { queryClient } });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, history };
}
