/** The namespace feature's public surface: the namespace and role pages. */
export { namespaceRoutes } from './routes';
/** The namespaces and the roles a member can be given, for forms that pick one of each. */
export { useNamespaceList } from './hooks/useNamespaceList';
export { useRoleOption } from './hooks/useRoleOption';
