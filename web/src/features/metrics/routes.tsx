import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../../app/i18n/loadNamespaces';
import { validateServerSearch } from '../../ui/useServerFromAddress';
import { serverRoute } from '../server';

/**
 * /server/agent?serverId=: one server's metrics and warning rules, reached from its row in the
 * server list (hidden from the menu, which keeps the server list lit). The rule form's alert
 * fields are the monitor feature's, with their texts.
 */
export const serverAgentRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'agent',
  validateSearch: validateServerSearch,
  loader: () => loadNamespaces('metrics', 'monitor'),
  component: lazyRouteComponent(() => import('./pages/AgentPage'), 'AgentPage'),
  staticData: {
    meta: {
      titleKey: 'serverAgent',
      hidden: true,
      activeMenu: '/server/index',
      permissions: [Perm.ShowServerMonitorPage],
    },
  },
});
