/** The member feature's public surface: its pages. */
export { memberRoutes } from './routes';
