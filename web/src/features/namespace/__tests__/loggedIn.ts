import { Perm } from '@ferry/contract/client';
import { session } from '../../../auth/session';
import { fakeFetch } from '../../../test/fakeFetch';

/** Every permission of this feature's pages. */
export const ALL_SETTINGS = [
  Perm.ShowMemberPage,
  Perm.ShowNamespacePage,
  Perm.AddNamespace,
  Perm.EditNamespace,
  Perm.AddNamespaceUser,
  Perm.DeleteNamespaceUser,
  Perm.ShowRolePage,
  Perm.AddRole,
  Perm.EditRole,
  Perm.DeleteRole,
  Perm.EditPermission,
];

/** A logged-in user holding `permissionIds` in namespace 1, and the API answers of a test. */
export function loggedIn(
  permissionIds: readonly number[],
  routes: Parameters<typeof fakeFetch>[0],
) {
  session.markLoggedIn();
  session.setIdentity({ id: 1, name: 'default', roleId: 2 });
  return fakeFetch({
    '/user/info': [
      {
        code: 0,
        data: {
          userInfo: { id: 3, account: 'admin', name: 'Admin', superManager: 0 },
          namespace: { id: 1, permissionIds },
        },
      },
    ],
    '/namespace/getOption': [
      { code: 0, data: { list: [{ namespaceId: 1, namespaceName: 'default', roleId: 2 }] } },
    ],
    ...routes,
  });
}
