/**
 * The metrics feature's public surface: the agent page (its route is the server feature's, which
 * loads this module lazily, so the first page carries none of it), and the server list's usage
 * cell (read again when a shown server reports) and agent install drawer.
 */
export { AgentPage } from './pages/AgentPage';
export { MetricsSummaryCell } from './components/MetricsSummaryCell';
export { LazyAgentRunDrawer } from './components/LazyAgentRunDrawer';
export type { MetricSummary } from './utils/metricsRows';
export { metricsTopic } from './hooks/useServerMetrics';
export { asMetricsMessage } from './utils/appendSamples';
