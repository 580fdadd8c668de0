/** The batch script feature's public surface: the script page. */
export { scriptRoute } from './routes';
