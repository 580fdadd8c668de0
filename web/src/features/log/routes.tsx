import { FileTextOutlined, HistoryOutlined, LoginOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from '../../app/router/appRoute';
import { hasPermission } from '../../auth/hasPermission';
import { userInfoQuery } from '../../auth/userInfoQuery';
import { validateLoginLogSearch } from './utils/loginLogSearch';
import { validateOperationLogSearch } from './utils/operationLogSearch';

/** /log: the logs section. */
const logRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'log',
  staticData: { meta: { titleKey: 'log', icon: FileTextOutlined } },
});

/** /log opens the first log the user may read (the guard has loaded the permissions). */
const logIndexRedirect = createRoute({
  getParentRoute: () => logRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const held = context.queryClient.getQueryData(userInfoQuery.queryKey)?.namespace.permissionIds;
    const to = hasPermission(held, [Perm.ShowLoginLogPage]) ? '/log/loginLog' : '/log/operationLog';
    redirect({ to, replace: true, throw: true });
  },
});

const loginLogRoute = createRoute({
  getParentRoute: () => logRoute,
  path: 'loginLog',
  validateSearch: validateLoginLogSearch,
  component: lazyRouteComponent(() => import('./pages/LoginLogPage'), 'LoginLogPage'),
  staticData: {
    meta: { titleKey: 'loginLog', icon: LoginOutlined, permissions: [Perm.ShowLoginLogPage] },
  },
});

const operationLogRoute = createRoute({
  getParentRoute: () => logRoute,
  path: 'operationLog',
  validateSearch: validateOperationLogSearch,
  component: lazyRouteComponent(() => import('./pages/OperationLogPage'), 'OperationLogPage'),
  staticData: {
    meta: {
      titleKey: 'operationLog',
      icon: HistoryOutlined,
      permissions: [Perm.ShowOperationLogPage],
    },
  },
});

export const logRoutes = logRoute.addChildren([logIndexRedirect, loginLogRoute, operationLogRoute]);
