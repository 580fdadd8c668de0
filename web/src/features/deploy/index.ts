/** The deploy feature's public surface: its pages. */
export { deployRoutes } from './routes';
