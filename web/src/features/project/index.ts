/** The project feature's public surface: its pages. */
export { projectRoutes } from './routes';
