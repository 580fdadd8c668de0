/**
 * The metrics feature's public surface: the agent page, and the server list's usage cell and
 * agent install drawer.
 */
export { serverAgentRoute } from './routes';
export { MetricsSummaryCell } from './components/MetricsSummaryCell';
export { LazyAgentRunDrawer } from './components/LazyAgentRunDrawer';
export { useMetricsSummary } from './hooks/useMetricsSummary';
export type { MetricSummary } from './utils/metricsRows';
