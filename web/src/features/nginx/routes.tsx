import { GatewayOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../../platform';
import { validateServerSearch } from '../../ui/useServerFromAddress';
import { serverRoute } from '../server';

/** /server/nginx?serverId=: the servers' nginx, one tab per server, in the servers section. */
export const nginxRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'nginx',
  validateSearch: validateServerSearch,
  loader: () => loadNamespaces('nginx'),
  component: lazyRouteComponent(() => import('./pages/NginxPage'), 'NginxPage'),
  staticData: {
    meta: { titleKey: 'nginx', icon: GatewayOutlined, permissions: [Perm.ShowServerNginxPage] },
  },
});
