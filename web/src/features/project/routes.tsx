import { AppstoreOutlined, ProjectOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute, loadNamespaces } from '../../platform';

/** /project: the projects section. */
const projectRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'project',
  staticData: { meta: { titleKey: 'project', icon: ProjectOutlined } },
});

const projectIndexRedirect = createRoute({
  getParentRoute: () => projectRoute,
  path: '/',
  beforeLoad: () => {
    redirect({ to: '/project/index', replace: true, throw: true });
  },
});

const projectListRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'index',
  loader: () => loadNamespaces('project', 'server', 'notification', 'webhook'),
  component: lazyRouteComponent(() => import('./pages/ProjectPage'), 'ProjectPage'),
  staticData: {
    meta: { titleKey: 'projectIndex', icon: AppstoreOutlined, permissions: [Perm.ShowProjectPage] },
  },
});

export const projectRoutes = projectRoute.addChildren([projectIndexRedirect, projectListRoute]);
