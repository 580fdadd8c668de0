/** The user feature's public surface: the profile page. */
export { userRoutes } from './routes';
