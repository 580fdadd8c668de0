import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from '../platform';
import { router } from './router/router';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
