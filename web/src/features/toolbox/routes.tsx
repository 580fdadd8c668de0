import { ToolOutlined } from '@ant-design/icons';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute, loadNamespaces } from '../../platform';
import { validateToolboxSearch } from './utils/toolboxMode';

/**
 * /toolbox: the Tools pages. Hidden from the menu (the navbar's dialog is the way in) and open to
 * every logged-in user: the tools run in the browser and touch no data, so no permission guards
 * them.
 */
const toolboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'toolbox',
  staticData: { meta: { titleKey: 'toolbox', icon: ToolOutlined, hidden: true } },
});

const toolboxIndexRedirect = createRoute({
  getParentRoute: () => toolboxRoute,
  path: '/',
  beforeLoad: () => {
    redirect({ to: '/toolbox/index', search: { mode: 'time' }, replace: true, throw: true });
  },
});

const toolsRoute = createRoute({
  getParentRoute: () => toolboxRoute,
  path: 'index',
  validateSearch: validateToolboxSearch,
  loader: () => loadNamespaces('toolbox', 'toolboxText'),
  component: lazyRouteComponent(() => import('./pages/ToolboxPage'), 'ToolboxPage'),
  staticData: { meta: { titleKey: 'toolbox', icon: ToolOutlined, hidden: true } },
});

const jsonFormatterRoute = createRoute({
  getParentRoute: () => toolboxRoute,
  path: 'json',
  loader: () => loadNamespaces('toolbox', 'toolboxText'),
  component: lazyRouteComponent(() => import('./pages/JsonFormatterPage'), 'JsonFormatterPage'),
  staticData: { meta: { titleKey: 'jsonFormatter', icon: ToolOutlined, hidden: true } },
});

export const toolboxRoutes = toolboxRoute.addChildren([
  toolboxIndexRedirect,
  toolsRoute,
  jsonFormatterRoute,
]);
