import { session } from '../auth/session';
import { fakeFetch, type FakeRoutes } from './fakeFetch';

/** The user every logged-in test works as. */
export const ME = { id: 5, account: 'me', name: 'Myself' } as const;

export interface LoggedInSetup {
  /** The permissions held in the current namespace (id 1, "default"). */
  permissionIds?: readonly number[];
  superManager?: 0 | 1;
  /** The test's own API answers, besides (or instead of) the user's and the namespaces'. */
  routes?: FakeRoutes;
}

/**
 * Logs `ME` in to namespace 1 in this browser and fakes the API: the user's info with
 * `permissionIds`, the one namespace, and `routes`.
 */
export function loggedIn({
  permissionIds = [],
  superManager = 0,
  routes = {},
}: LoggedInSetup = {}) {
  session.markLoggedIn();
  session.setIdentity({ id: 1, name: 'default', roleId: superManager ? 0 : 2 });
  return fakeFetch({
    '/user/info': [
      {
        code: 0,
        data: {
          userInfo: { ...ME, superManager },
          namespace: { id: 1, permissionIds },
        },
      },
    ],
    '/namespace/getOption': [
      {
        code: 0,
        data: {
          list: [{ namespaceId: 1, namespaceName: 'default', roleId: 2 }],
          preferredNamespaceId: 1,
        },
      },
    ],
    ...routes,
  });
}
