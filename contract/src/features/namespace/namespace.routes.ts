import { z } from 'zod';
import { idField, idListField, textField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';

export const namespaceRow = z.object({
  id: z.number(),
  name: z.string(),
  role_id: z.number(),
  permissionIds: z.null(),
  insertTime: z.string(),
  updateTime: z.string(),
});

export const getNamespaceList = route({
  method: 'GET',
  path: '/namespace/getList',
  access: anyOf(Perm.ShowNamespacePage),
  input: z.object({}),
  output: z.object({ list: z.array(namespaceRow) }),
});

/** The caller's own namespaces, for the namespace switcher. */
export const getNamespaceOption = route({
  method: 'GET',
  path: '/namespace/getOption',
  access: 'user',
  input: z.object({}),
  output: z.object({
    list: z.array(
      z.object({ namespaceId: z.number(), namespaceName: z.string(), roleId: z.number() }),
    ),
    /** Ferry's addition: the namespace login would propose (0: none), for a tab without one. */
    preferredNamespaceId: z.number(),
  }),
});

/** Members of a namespace with their roles; role 0 (super manager) has no roleName. */
export const getNamespaceBindUserList = route({
  method: 'GET',
  path: '/namespace/getBindUserList',
  access: anyOf(Perm.ShowNamespacePage),
  input: z.object({ id: idField }),
  output: z.object({
    list: z.array(
      z.object({
        id: z.number(),
        namespaceId: z.number(),
        userId: z.number(),
        userName: z.string(),
        roleId: z.number(),
        roleName: z.string(),
        insertTime: z.string(),
        updateTime: z.string(),
      }),
    ),
  }),
});

/** Users of the current namespace, for member pickers. */
export const getNamespaceUserOption = route({
  method: 'GET',
  path: '/namespace/getUserOption',
  access: 'user',
  input: z.object({}),
  output: z.object({
    list: z.array(z.object({ userId: z.number(), userName: z.string(), roleId: z.number() })),
  }),
});

export const namespaceName = textField(1, 20);

export const addNamespace = route({
  method: 'POST',
  path: '/namespace/add',
  access: anyOf(Perm.AddNamespace),
  input: z.object({ name: namespaceName }),
  output: z.object({ id: z.number() }),
});

export const editNamespace = route({
  method: 'PUT',
  path: '/namespace/edit',
  access: anyOf(Perm.EditNamespace),
  input: z.object({ id: idField, name: namespaceName }),
  output: z.null(),
});

export const addNamespaceUser = route({
  method: 'POST',
  path: '/namespace/addUser',
  access: anyOf(Perm.AddNamespaceUser),
  input: z.object({ namespaceId: idField, userIds: idListField, roleId: idField }),
  output: z.null(),
});

export const removeNamespaceUser = route({
  method: 'DELETE',
  path: '/namespace/removeUser',
  access: anyOf(Perm.DeleteNamespaceUser),
  input: z.object({ namespaceUserId: idField }),
  output: z.null(),
});
