import { lazy } from 'react';

/**
 * The metrics feature's public surface: the agent page, and the server list's usage cell and
 * agent install drawer. The widgets load with the page that shows them, so the app's route tree
 * (the first page) carries only the route.
 */
export { serverAgentRoute } from './routes';
export { LazyAgentRunDrawer } from './components/LazyAgentRunDrawer';
export type { MetricSummary } from './utils/metricsRows';

/** The server list's usage cell (CPU, RAM, fullest disk), in the list page's chunk. */
export const MetricsSummaryCell = lazy(() =>
  import('./components/MetricsSummaryCell').then((m) => ({ default: m.MetricsSummaryCell })),
);
