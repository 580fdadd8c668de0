import { CodeOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../../platform';
import { logRoute } from '../log';
import { serverRoute } from '../server';
import { validateTerminalLogSearch } from './utils/terminalLogSearch';
import { validateServerSearch } from '../../ui/useServerFromAddress';

/** /server/terminal: web terminals on the servers, in the servers section. */
export const terminalRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'terminal',
  validateSearch: validateServerSearch,
  loader: () => loadNamespaces('terminal'),
  component: lazyRouteComponent(() => import('./pages/TerminalPage'), 'TerminalPage'),
  staticData: {
    meta: { titleKey: 'terminal', icon: CodeOutlined, permissions: [Perm.ShowTerminalPage] },
  },
});

/** /log/terminalLog: the terminal sessions, in the logs section. */
export const terminalLogRoute = createRoute({
  getParentRoute: () => logRoute,
  path: 'terminalLog',
  validateSearch: validateTerminalLogSearch,
  loader: () => loadNamespaces('log', 'terminal'),
  component: lazyRouteComponent(() => import('./pages/TerminalLogPage'), 'TerminalLogPage'),
  staticData: {
    meta: { titleKey: 'terminalLog', icon: CodeOutlined, permissions: [Perm.ShowTerminalLogPage] },
  },
});
