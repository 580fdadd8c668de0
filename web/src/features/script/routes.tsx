import { ThunderboltOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadNamespaces } from '../../app/i18n/loadNamespaces';
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
