/** The namespace feature's public surface: the namespace and role pages. */
export { namespaceRoutes } from './routes';
