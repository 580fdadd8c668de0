import { QueryClient } from '@tanstack/react-query';

/** The server-state cache. Failures are reported by `call`, so queries do not retry on their own. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
