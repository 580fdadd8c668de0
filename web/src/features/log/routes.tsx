import {
  CloudUploadOutlined,
  FileSyncOutlined,
  FileTextOutlined,
  HistoryOutlined,
  LoginOutlined,
} from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, loadNamespaces, sectionRedirect } from '../../platform';
import { validateLoginLogSearch } from './utils/loginLogSearch';
import { validateOperationLogSearch } from './utils/operationLogSearch';
import { validatePublishLogSearch } from './utils/publishLogSearch';
import { validateSftpLogSearch } from './utils/sftpLogSearch';

/** /log: the logs section; the terminal feature hangs its session log below it too. */
export const logRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'log',
  staticData: { meta: { titleKey: 'log', icon: FileTextOutlined } },
});

/** The log pages in menu order, each with the permission that opens it. */
const LOG_PAGES = [
  { to: '/log/loginLog', permission: Perm.ShowLoginLogPage },
  { to: '/log/operationLog', permission: Perm.ShowOperationLogPage },
  { to: '/log/publishLog', permission: Perm.ShowPublishLogPage },
  { to: '/log/terminalLog', permission: Perm.ShowTerminalLogPage },
  { to: '/log/sftpLog', permission: Perm.ShowSFTPLogPage },
] as const;

/** /log opens the first log the user may read. */
const logIndexRedirect = createRoute({
  getParentRoute: () => logRoute,
  path: '/',
  beforeLoad: sectionRedirect(LOG_PAGES, '/log/operationLog'),
});

const loginLogRoute = createRoute({
  getParentRoute: () => logRoute,
  path: 'loginLog',
  validateSearch: validateLoginLogSearch,
  loader: () => loadNamespaces('log'),
  component: lazyRouteComponent(() => import('./pages/LoginLogPage'), 'LoginLogPage'),
  staticData: {
    meta: { titleKey: 'loginLog', icon: LoginOutlined, permissions: [Perm.ShowLoginLogPage] },
  },
});

const operationLogRoute = createRoute({
  getParentRoute: () => logRoute,
  path: 'operationLog',
  validateSearch: validateOperationLogSearch,
  loader: () => loadNamespaces('log'),
  component: lazyRouteComponent(() => import('./pages/OperationLogPage'), 'OperationLogPage'),
  staticData: {
    meta: {
      titleKey: 'operationLog',
      icon: HistoryOutlined,
      permissions: [Perm.ShowOperationLogPage],
    },
  },
});

const publishLogRoute = createRoute({
  getParentRoute: () => logRoute,
  path: 'publishLog',
  validateSearch: validatePublishLogSearch,
  // A row opens the deploy page's detail drawer, which speaks the deploy texts.
  loader: () => loadNamespaces('log', 'deploy'),
  component: lazyRouteComponent(() => import('./pages/PublishLogPage'), 'PublishLogPage'),
  staticData: {
    meta: {
      titleKey: 'publishLog',
      icon: CloudUploadOutlined,
      permissions: [Perm.ShowPublishLogPage],
    },
  },
});

/**
 * /log/sftpLog: the file manager's actions. The router puts it after the terminal log
 * (`routeTree.tsx`), beside the other log of work on the servers.
 */
export const sftpLogRoute = createRoute({
  getParentRoute: () => logRoute,
  path: 'sftpLog',
  validateSearch: validateSftpLogSearch,
  loader: () => loadNamespaces('log'),
  component: lazyRouteComponent(() => import('./pages/SftpLogPage'), 'SftpLogPage'),
  staticData: {
    meta: { titleKey: 'sftpLog', icon: FileSyncOutlined, permissions: [Perm.ShowSFTPLogPage] },
  },
});

/** The section's own pages; the router adds the terminal log after them (`routeTree.tsx`). */
export const logPages = [
  logIndexRedirect,
  loginLogRoute,
  operationLogRoute,
  publishLogRoute,
] as const;
