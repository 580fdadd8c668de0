import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { session } from '../../auth/session';
import { loadNamespaces, rootRoute, useTabs } from '../../platform';
import { extLoginParams } from './utils/extLoginParams';
import { mediaLoginParams } from './utils/mediaLoginParams';

export interface LoginSearch {
  /** Where to go after logging in. */
  redirect?: string;
}

/**
 * /login: hidden from the menu; a logged-in user is sent to `/` unless a signed link is used or a
 * DingTalk or Feishu sign-in comes back.
 */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ location }) => {
    const signingIn = extLoginParams(location.searchStr) ?? mediaLoginParams(location.searchStr);
    if (session.isLoggedIn() && !signingIn) {
      redirect({ to: '/', replace: true, throw: true });
    }
    // A new login starts with an empty tabs strip (another user may sign in in this tab).
    useTabs.getState().reset();
  },
  loader: () => loadNamespaces('login'),
  component: lazyRouteComponent(() => import('./pages/LoginPage'), 'LoginPage'),
  staticData: { meta: { titleKey: 'login', hidden: true } },
});
