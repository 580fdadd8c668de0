import { Code, namespaceRoutes } from '@ferry/contract/client';
import type { QueryClient } from '@tanstack/react-query';
import { isRedirect, redirect } from '@tanstack/react-router';
import i18next from 'i18next';
import { ApiError } from '../../api/ApiError';
import { call, TOAST_SECONDS } from '../../api/call';
import { errorText } from '../../api/errorText';
import { feedback } from '../../api/feedback';
import { accessOf } from '../../auth/accessOf';
import { hasUserData } from '../../auth/hasUserData';
import { mayOpen, type Access } from '../../auth/mayOpen';
import { session } from '../../auth/session';
import { userInfoQuery } from '../../auth/userInfoQuery';
import { chooseNamespace } from '../../auth/chooseNamespace';
import type { RouteMeta } from './RouteMeta';

/** /user/info answered without the user or the permissions. */
class MissingUserData extends Error {}

function failureText(e: unknown): string {
  if (e instanceof MissingUserData) return i18next.t('common:error.verificationFailed');
  const text = e instanceof ApiError ? errorText(e) : '';
  return text || i18next.t('common:error.hasError');
}

interface GuardArgs {
  location: { href: string };
  context: { queryClient: QueryClient };
  matches: readonly { staticData?: { meta?: RouteMeta } }[];
}

/**
 * A tab opened with no namespace remembered picks one the way login does: the one the server
 * proposes (the last worked in), else the last of the list.
 */
async function ensureNamespace(): Promise<void> {
  if (session.identity().id !== 0) return;
  const { list, preferredNamespaceId } = await call(
    namespaceRoutes.getNamespaceOption,
    {},
    { silent: true },
  );
  const chosen = chooseNamespace(list, session.identity(), preferredNamespaceId);
  if (chosen) session.setIdentity(chosen);
}

/**
 * The login guard of every page behind the layout (product.md §2): a logged-out user goes to
 * /login?redirect=…; on first entry the user info is fetched; when the server refuses it the
 * session is cleared, the error shown (a namespace refusal silently; an answer without the user's
 * data as 'Verification failed, please Login again.') and the user sent to login. When no answer
 * comes (the page left while it loads, the server unreachable) the login stays and the route shows
 * the error with a retry. A route the user holds no permission for (or, for a super managers'
 * page, any but a super manager) answers /403, which says whom to ask (an unknown path answers
 * /404).
 */
export async function guard({ location, context, matches }: GuardArgs): Promise<void> {
  // `throw: true` makes TanStack throw its redirect itself (it is a Response, not an Error).
  const toLogin = () => {
    redirect({
      to: '/login',
      search: location.href === '/' ? {} : { redirect: location.href },
      throw: true,
    });
  };
  if (!session.isLoggedIn()) return toLogin();

  let access: Access;
  try {
    await ensureNamespace();
    const info: unknown = await context.queryClient.ensureQueryData(userInfoQuery);
    if (!hasUserData(info)) throw new MissingUserData();
    access = accessOf(info);
  } catch (e) {
    if (isRedirect(e)) throw e;
    context.queryClient.removeQueries({ queryKey: userInfoQuery.queryKey });
    // No answer at all: the page is being left (a reload or a new address cuts its requests off)
    // or the server is out of reach. That says nothing of the session, which this browser's next
    // page goes on with: the login stays, and the route's error state offers a retry.
    if (e instanceof ApiError && e.kind !== 'envelope') throw e;
    session.clearLogin();
    if (e instanceof ApiError && e.code === Code.namespaceInvalid) {
      session.clearIdentity();
    } else {
      feedback.error(failureText(e), TOAST_SECONDS);
    }
    return toLogin();
  }

  const allowed = matches.every((m) => mayOpen(access, m.staticData?.meta));
  if (!allowed) redirect({ to: '/403', replace: true, throw: true });
}
