import { TeamOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute, loadNamespaces, sectionRedirect } from '../../platform';

/**
 * /member: the members section; the notification feature hangs its page below it too. With one
 * visible page the menu shows that page on its own.
 */
export const memberRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'member',
  // "Team", not "Members": the section's first page is called Members.
  staticData: { meta: { titleKey: 'team', icon: TeamOutlined } },
});

/** The section's pages in menu order, each with the permission that opens it. */
const MEMBER_PAGES = [
  { to: '/member/index', permission: Perm.ShowMemberPage },
  { to: '/member/notification', permission: Perm.ShowNotificationPage },
] as const;

/** /member opens the first page of the section the user may open. */
const memberIndexRedirect = createRoute({
  getParentRoute: () => memberRoute,
  path: '/',
  beforeLoad: sectionRedirect(MEMBER_PAGES, '/member/index'),
});

const memberListRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: 'index',
  loader: () => loadNamespaces('member'),
  component: lazyRouteComponent(() => import('./pages/MemberPage'), 'MemberPage'),
  staticData: {
    meta: { titleKey: 'member', icon: TeamOutlined, permissions: [Perm.ShowMemberPage] },
  },
});

/** The section's own pages; the router adds the notification page after them (`routeTree.tsx`). */
export const memberPages = [memberIndexRedirect, memberListRoute] as const;
