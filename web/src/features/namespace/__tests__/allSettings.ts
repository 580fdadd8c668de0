import { Perm } from '@ferry/contract/client';

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
