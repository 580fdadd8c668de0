import { z } from 'zod';
import { idField, optionalLine, textField, uintField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';

export const roleRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  insertTime: z.string(),
  updateTime: z.string(),
});

export const getRoleList = route({
  method: 'GET',
  path: '/role/getList',
  access: anyOf(Perm.ShowRolePage),
  input: z.object({}),
  output: z.object({ list: z.array(roleRow) }),
});

export const getRoleOption = route({
  method: 'GET',
  path: '/role/getOption',
  access: 'user',
  input: z.object({}),
  output: z.object({
    list: z.array(z.object({ id: z.number(), name: z.string(), description: z.string() })),
  }),
});

/** The flat catalogue; clients build the tree from `pid` (0 = group). */
export const getPermissionList = route({
  method: 'GET',
  path: '/role/getPermissionList',
  access: anyOf(Perm.ShowRolePage),
  input: z.object({}),
  output: z.object({
    list: z.array(
      z.object({
        id: z.number(),
        pid: z.number(),
        name: z.string(),
        sort: z.number(),
        description: z.string(),
      }),
    ),
  }),
});

export const getPermissionBindings = route({
  method: 'GET',
  path: '/role/getPermissionBindings',
  access: anyOf(Perm.ShowRolePage),
  input: z.object({ roleId: idField }),
  output: z.object({
    list: z.array(z.object({ id: z.number(), roleId: z.number(), permissionId: z.number() })),
  }),
});

const roleFields = { name: textField(1, 20), description: optionalLine(255) };

export const addRole = route({
  method: 'POST',
  path: '/role/add',
  access: anyOf(Perm.AddRole),
  input: z.object(roleFields),
  output: z.object({ id: z.number() }),
});

export const editRole = route({
  method: 'PUT',
  path: '/role/edit',
  access: anyOf(Perm.EditRole),
  input: z.object({ id: idField, ...roleFields }),
  output: z.null(),
});

export const removeRole = route({
  method: 'DELETE',
  path: '/role/remove',
  access: anyOf(Perm.DeleteRole),
  input: z.object({ id: idField }),
  output: z.null(),
});

export const changePermission = route({
  method: 'PUT',
  path: '/role/changePermission',
  access: anyOf(Perm.EditPermission),
  input: z.object({
    roleId: idField,
    permissionIds: z
      .array(uintField, { error: 'must be a list of permission ids' })
      .max(1000, 'has too many items'),
  }),
  output: z.null(),
});
