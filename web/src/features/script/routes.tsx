import { AppstoreOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../../platform';
import { serverRoute } from '../server';

/** /server/script: one script on many servers at once, in the servers section. */
export const scriptRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'script',
  loader: () => loadNamespaces('script'),
  component: lazyRouteComponent(() => import('./pages/ScriptPage'), 'ScriptPage'),
  staticData: {
    meta: {
      titleKey: 'script',
      icon: ThunderboltOutlined,
      permissions: [Perm.ShowServerScriptPage],
    },
  },
});

/** /server/process: the namespace's process groups, their buttons run on the chosen servers. */
export const processRoute = createRoute({
  getParentRoute: () => serverRoute,
  path: 'process',
  loader: () => loadNamespaces('script', 'process'),
  component: lazyRouteComponent(() => import('./pages/ProcessPage'), 'ProcessPage'),
  staticData: {
    meta: {
      titleKey: 'process',
      icon: AppstoreOutlined,
      permissions: [Perm.ShowServerProcessPage],
    },
  },
});
