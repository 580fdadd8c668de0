import { z } from 'zod';
import { flagField, idField, passwordField, stringField, textField } from '../../fields.js';
import { anyOf, route } from '../../route.js';
import { Perm } from '../../permissions.js';

export const userInfo = route({
  method: 'GET',
  path: '/user/info',
  access: 'user',
  input: z.object({}),
  output: z.object({
    userInfo: z.object({
      id: z.number(),
      account: z.string(),
      name: z.string(),
      superManager: z.number(),
    }),
    namespace: z.object({ id: z.number(), permissionIds: z.array(z.number()) }),
  }),
});

/** A member row; secrets are never sent (password and apiKey are always empty). */
export const userRow = z.object({
  id: z.number(),
  account: z.string(),
  password: z.literal(''),
  name: z.string(),
  contact: z.string(),
  superManager: z.number(),
  state: z.number(),
  insertTime: z.string(),
  updateTime: z.string(),
  lastLoginTime: z.string(),
  apiKey: z.literal(''),
});

/** Which members the list holds; goploy's clients send nothing and get the enabled ones. */
const USER_LIST_STATES = ['enabled', 'disabled', 'all'] as const;

export const getUserList = route({
  method: 'GET',
  path: '/user/getList',
  access: anyOf(Perm.ShowMemberPage),
  input: z.object({
    state: z
      .enum(USER_LIST_STATES, 'must be enabled, disabled or all')
      .optional()
      .default('enabled'),
  }),
  output: z.object({ list: z.array(userRow) }),
});

const contactField = stringField()
  .trim()
  .regex(/^(\d{11})?$/, 'must be 11 digits')
  .optional()
  .default('');

const userFields = {
  name: textField(1, 30),
  contact: contactField,
  superManager: flagField.optional().default(0),
};

export const addUser = route({
  method: 'POST',
  path: '/user/add',
  access: anyOf(Perm.AddMember),
  input: z.object({
    account: textField(1, 25).regex(/^[A-Za-z0-9_.@-]+$/, 'may hold only letters, digits and _.@-'),
    /** The first password; the member must change it at first login. */
    password: passwordField,
    ...userFields,
  }),
  output: z.object({ id: z.number() }),
});

export const editUser = route({
  method: 'PUT',
  path: '/user/edit',
  access: anyOf(Perm.EditMember),
  input: z.object({
    id: idField,
    password: z
      .union([z.literal(''), passwordField])
      .optional()
      .default(''),
    ...userFields,
  }),
  output: z.null(),
});

export const removeUser = route({
  method: 'DELETE',
  path: '/user/remove',
  access: anyOf(Perm.DeleteMember),
  input: z.object({ id: idField }),
  output: z.null(),
});

/** An addition to goploy: a disabled member (DELETE /user/remove) is enabled again. */
export const enableUser = route({
  method: 'PUT',
  path: '/user/enable',
  access: anyOf(Perm.EditMember),
  input: z.object({ id: idField }),
  output: z.null(),
});

/**
 * An addition to goploy: every session of the member ends now, on every console, and their open
 * pages ask them to log in again (a lost laptop, a leaver whose directory entry is not gone yet).
 */
export const endUserSessions = route({
  method: 'PUT',
  path: '/user/endSessions',
  access: anyOf(Perm.EditMember),
  input: z.object({ id: idField }),
  output: z.null(),
});

export const changePassword = route({
  method: 'PUT',
  path: '/user/changePassword',
  access: 'user',
  input: z.object({
    oldPwd: stringField().min(1, 'must not be empty').max(128, 'must be at most 128 characters'),
    newPwd: passwordField,
  }),
  output: z.null(),
});

export const getApiKey = route({
  method: 'GET',
  path: '/user/getApiKey',
  access: 'user',
  input: z.object({}),
  output: z.string(),
  secretOutput: true,
});

export const generateApiKey = route({
  method: 'PUT',
  path: '/user/generateApiKey',
  access: 'user',
  input: z.object({}),
  output: z.string(),
  secretOutput: true,
});
