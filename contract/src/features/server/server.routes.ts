import { z } from 'zod';
import {
  flagField,
  idField,
  idListField,
  intField,
  optionalIdField,
  optionalLine,
  optionalText,
  stringField,
  textField,
  uintField,
} from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import {
  hostField,
  optionalHostField,
  optionalPortField,
  SERVER_AUTH_TYPES,
} from './server-fields.js';

export { SERVER_AUTH_TYPES, SERVER_IMPORT_COLUMNS } from './server-fields.js';
export type { ServerAuthType } from './server-fields.js';

/**
 * A server as lists show it. goploy's field names; the secrets (`password`, `jumpPassword`) are
 * always empty strings, kept only so goploy's clients find the keys: `has*` says whether one is
 * stored. Our additions: how it logs in, host-key fingerprints (a pending one means the server
 * presented a different key and every connection is refused until it is accepted), last check.
 */
export const serverRow = z.object({
  id: z.number(),
  namespaceId: z.number(),
  name: z.string(),
  ip: z.string(),
  port: z.number(),
  owner: z.string(),
  authType: z.enum(SERVER_AUTH_TYPES),
  path: z.string(),
  password: z.literal(''),
  hasPassword: z.boolean(),
  hasPrivateKey: z.boolean(),
  hasPassphrase: z.boolean(),
  jumpIP: z.string(),
  jumpPort: z.number(),
  jumpOwner: z.string(),
  jumpAuthType: z.enum(SERVER_AUTH_TYPES),
  jumpPath: z.string(),
  jumpPassword: z.literal(''),
  hasJumpPassword: z.boolean(),
  hasJumpPrivateKey: z.boolean(),
  hasJumpPassphrase: z.boolean(),
  description: z.string(),
  os: z.string(),
  osInfo: z.string(),
  state: z.number(),
  fingerprint: z.string(),
  pendingFingerprint: z.string(),
  jumpFingerprint: z.string(),
  pendingJumpFingerprint: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`, empty when never checked. */
  lastCheckTime: z.string(),
  /** Empty when the last check succeeded; else its message. */
  lastCheckError: z.string(),
  insertTime: z.string(),
  updateTime: z.string(),
});

/** The connection part of the add, edit and check forms. Empty secrets on edit mean unchanged. */
const connection = {
  ip: hostField,
  port: intField(1, 65535),
  owner: textField(1, 255),
  /** Absent (goploy's clients): `keyFile` when `path` is set, else `password`. */
  authType: z
    .enum(SERVER_AUTH_TYPES, 'must be one of password, key, keyFile, consoleKey')
    .optional(),
  /** A private-key file on the console host (goploy compatibility). */
  path: optionalText(255),
  /** The login password; for goploy's clients also the passphrase of `path`. */
  password: optionalText(1024),
  /** Pasted private-key material (OpenSSH or PEM). */
  privateKey: optionalText(16_384),
  passphrase: optionalText(1024),
  jumpIP: optionalHostField,
  jumpPort: optionalPortField,
  jumpOwner: optionalLine(255),
  jumpAuthType: z
    .enum(SERVER_AUTH_TYPES, 'must be one of password, key, keyFile, consoleKey')
    .optional(),
  jumpPath: optionalText(255),
  jumpPassword: optionalText(1024),
  jumpPrivateKey: optionalText(16_384),
  jumpPassphrase: optionalText(1024),
};

const serverForm = {
  name: textField(1, 255),
  /** The current namespace, or 0: shared by every namespace (super managers only). */
  namespaceId: uintField.optional(),
  os: z.enum(['linux', 'windows'], 'must be linux or windows').optional().default('linux'),
  description: optionalLine(255),
  ...connection,
};

const listFilter = {
  name: optionalText(255),
  host: optionalText(255),
  state: flagField.optional(),
};

export const getList = route({
  method: 'GET',
  path: '/server/getList',
  access: anyOf(Perm.ShowServerPage),
  input: z.object(listFilter),
  output: z.object({ list: z.array(serverRow) }),
});

/** Enabled servers of the namespace and the shared ones, for pickers. */
export const serverOption = z.object({
  id: z.number(),
  namespaceId: z.number(),
  name: z.string(),
  ip: z.string(),
  port: z.number(),
  owner: z.string(),
  description: z.string(),
  osInfo: z.string(),
  insertTime: z.string(),
  updateTime: z.string(),
});

export const getOption = route({
  method: 'GET',
  path: '/server/getOption',
  access: 'user',
  input: z.object({}),
  output: z.object({ list: z.array(serverOption) }),
});

/**
 * The console's own public key (OpenSSH format), to add to `authorized_keys`. goploy read
 * `<path>.pub` from any path it was given; `path` is accepted and ignored.
 */
export const getPublicKey = route({
  method: 'GET',
  path: '/server/getPublicKey',
  // Project editors show it too: it is the deploy key of a repository read with the console key.
  access: anyOf(Perm.AddServer, Perm.EditServer, Perm.AddProject, Perm.EditProject),
  input: z.object({ path: optionalText(255) }),
  output: z.object({ key: z.string() }),
});

/** What a successful connection test learned. */
export const checkResult = z.object({
  latencyMs: z.number(),
  osInfo: z.string(),
  fingerprint: z.string(),
  jumpFingerprint: z.string(),
});

/**
 * Tests a connection from the form. With `id`, empty secrets are taken from that stored server
 * and its stored host keys are enforced; without, the keys seen are reported for the user to
 * compare. Failures answer code 2 with an `ssh_*` reason.
 */
export const check = route({
  method: 'POST',
  path: '/server/check',
  access: anyOf(Perm.AddServer, Perm.EditServer),
  input: z.object({ id: optionalIdField, ...connection }),
  output: checkResult,
  audit: true,
});

export const add = route({
  method: 'POST',
  path: '/server/add',
  access: anyOf(Perm.AddServer),
  input: z.object(serverForm),
  output: z.object({ id: z.number() }),
});

export const edit = route({
  method: 'PUT',
  path: '/server/edit',
  access: anyOf(Perm.EditServer),
  input: z.object({ id: idField, ...serverForm }),
  output: z.null(),
});

/** Disabling drops the server's connections and ends its terminals. */
export const toggle = route({
  method: 'PUT',
  path: '/server/toggle',
  access: anyOf(Perm.SwitchServerState),
  input: z.object({ id: idField, state: flagField }),
  output: z.null(),
});

/**
 * CSV upload (multipart field `file`), columns as `SERVER_IMPORT_COLUMNS`. Every row is checked
 * first; any problem imports nothing and answers 10003 listing each as `row N: field rule`.
 */
export const importCsv = route({
  method: 'POST',
  path: '/server/import',
  access: anyOf(Perm.ImportCSV),
  body: 'multipart',
  input: z.object({}),
  output: z.object({ count: z.number() }),
});

/**
 * Uses `password` once (never stored) to append the console's public key to the login's
 * `~/.ssh/authorized_keys` (idempotent), checks that the key logs in, and switches the server to
 * the console key.
 */
export const installPublicKey = route({
  method: 'POST',
  path: '/server/installPublicKey',
  access: anyOf(Perm.AddServer, Perm.EditServer),
  input: z.object({ id: idField, password: stringField().min(1, 'must not be empty').max(1024) }),
  output: z.object({ installed: z.boolean() }),
});

/** Trusts the host key the server (or its jump host) presented last instead of the stored one. */
export const acceptHostKey = route({
  method: 'POST',
  path: '/server/acceptHostKey',
  access: anyOf(Perm.EditServer),
  input: z.object({ id: idField }),
  output: z.object({ fingerprint: z.string(), jumpFingerprint: z.string() }),
});

/** A project of the caller's namespace bound to the server; `id` is the binding's id. */
export const boundProject = z.object({
  id: z.number(),
  projectId: z.number(),
  serverId: z.number(),
  project: z.object({
    id: z.number(),
    name: z.string(),
    branch: z.string(),
    environment: z.number(),
  }),
  insertTime: z.string(),
  updateTime: z.string(),
});

export const getBindProjectList = route({
  method: 'GET',
  path: '/server/getBindProjectList',
  access: anyOf(Perm.ShowServerPage),
  input: z.object({ id: idField }),
  output: z.object({ list: z.array(boundProject) }),
});

/** Removes bindings by their ids (`getBindProjectList`); all of the caller's namespace or none. */
export const unbindProject = route({
  method: 'DELETE',
  path: '/server/unbindProject',
  access: anyOf(Perm.UnbindServerProject),
  input: z.object({ ids: idListField.refine((ids) => ids.length > 0, 'must not be empty') }),
  output: z.null(),
});
