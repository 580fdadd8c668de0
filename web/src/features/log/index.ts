/** The log feature's public surface: the logs section and its pages (the terminal log joins them). */
export { logPages, logRoute } from './routes';
