/**
 * The remote runs' public surface: the batch script page and the server process page, which
 * share the server picker and the live output panes.
 */
export { processRoute, scriptRoute } from './routes';
