import { ApartmentOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { hasPermission } from '../../auth/hasPermission';
import { userInfoQuery } from '../../auth/userInfoQuery';
import { appRoute, loadNamespaces } from '../../platform';

/** /namespace: the namespace settings; /namespace itself opens the first page the user may. */
const namespaceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'namespace',
  staticData: { meta: { titleKey: 'namespaceSetting', icon: ApartmentOutlined } },
});

const namespaceIndexRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const held = context.queryClient.getQueryData(userInfoQuery.queryKey)?.namespace.permissionIds;
    if (hasPermission(held, [Perm.ShowNamespacePage])) {
      redirect({ to: '/namespace/index', replace: true, throw: true });
    }
    if (hasPermission(held, [Perm.ShowRolePage])) {
      redirect({ to: '/namespace/role', replace: true, throw: true });
    }
    redirect({ to: '/404', replace: true, throw: true });
  },
});

const namespaceListRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: 'index',
  loader: () => loadNamespaces('namespace'),
  component: lazyRouteComponent(() => import('./pages/NamespacePage'), 'NamespacePage'),
  staticData: {
    meta: { titleKey: 'namespace', icon: TeamOutlined, permissions: [Perm.ShowNamespacePage] },
  },
});

const roleRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: 'role',
  loader: () => loadNamespaces('namespace'),
  component: lazyRouteComponent(() => import('./pages/RolePage'), 'RolePage'),
  staticData: {
    meta: {
      titleKey: 'role',
      icon: SafetyCertificateOutlined,
      permissions: [Perm.ShowRolePage],
    },
  },
});

export const namespaceRoutes = namespaceRoute.addChildren([
  namespaceIndexRoute,
  namespaceListRoute,
  roleRoute,
]);
