import { z } from 'zod';
import { idField, intField, stringField, textField } from '../../fields.js';
import { route } from '../../route.js';

/**
 * Ours: which directory group gives which namespace and role (or super manager), edited by super
 * managers on the "Sign-in" settings page. Rows from `FERRY_DIRECTORY_ROLES` (`origin: 'env'`)
 * are brought in line with it at each start and are changed there, not here.
 */
export const directoryMapping = z.object({
  id: z.number(),
  /** An LDAP group's DN, or an OpenID Connect groups claim value. */
  group: z.string(),
  superManager: z.number(),
  namespaceId: z.number(),
  namespaceName: z.string(),
  roleId: z.number(),
  roleName: z.string(),
  origin: z.enum(['env', '']),
  updateTime: z.string(),
});

export type DirectoryMappingRow = z.infer<typeof directoryMapping>;

/** A group gives super manager (`superManager: 1`, no namespace) or a role in one namespace. */
const mappingFields = {
  group: textField(1, 1024),
  superManager: intField(0, 1).optional().default(0),
  namespaceId: intField(0, 2_147_483_647).optional().default(0),
  roleId: intField(0, 2_147_483_647).optional().default(0),
};

export const getDirectoryMappings = route({
  method: 'GET',
  path: '/system/getDirectoryMappings',
  access: 'user',
  input: z.object({}),
  output: z.object({
    list: z.array(directoryMapping),
    /** Which sign-ins that read the mappings are on. */
    ldapEnabled: z.boolean(),
    oidcEnabled: z.boolean(),
  }),
});

export const addDirectoryMapping = route({
  method: 'POST',
  path: '/system/addDirectoryMapping',
  access: 'user',
  input: z.object(mappingFields),
  output: z.object({ id: z.number() }),
});

export const editDirectoryMapping = route({
  method: 'PUT',
  path: '/system/editDirectoryMapping',
  access: 'user',
  input: z.object({ id: idField, ...mappingFields }),
  output: z.null(),
});

export const removeDirectoryMapping = route({
  method: 'DELETE',
  path: '/system/removeDirectoryMapping',
  access: 'user',
  input: z.object({ id: idField }),
  output: z.null(),
});

/**
 * Asks the directory about an account as a sign-in would, and answers what it found and which
 * memberships would follow, changing nothing: no user is created, no membership moves, nothing
 * counts towards a lockout. Without `password`, only the search (the entry and its groups).
 */
export const testDirectorySignIn = route({
  method: 'POST',
  path: '/system/testDirectorySignIn',
  access: 'user',
  secretInput: ['password'],
  input: z.object({
    account: textField(1, 25),
    password: stringField().max(128, 'must be at most 128 characters').optional().default(''),
  }),
  output: z.object({
    /** `ok`, or why a sign-in would be refused. */
    outcome: z.enum([
      'ok',
      'no_entry',
      'ambiguous',
      'wrong_password',
      'no_mapped_group',
      'directory_unavailable',
      'local_only',
    ]),
    message: z.string(),
    entry: z
      .object({
        dn: z.string(),
        account: z.string(),
        name: z.string(),
        groups: z.array(z.string()),
      })
      .nullable(),
    /** The entry's groups that some mapping names. */
    mappedGroups: z.array(z.string()),
    passwordChecked: z.boolean(),
    /** Whether the account exists in Ferry already (else it would be created). */
    existing: z.boolean(),
    superManager: z.boolean(),
    memberships: z.array(
      z.object({ group: z.string(), namespaceName: z.string(), roleName: z.string() }),
    ),
  }),
});
