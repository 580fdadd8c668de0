import { z } from 'zod';
import { flagField, idField } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import {
  customVariable,
  projectFormFields,
  projectFormProblems,
  repositoryFields,
  repositoryProblems,
  withProblems,
} from './project-fields.js';
import { REPO_AUTH_TYPES, REPO_TYPES } from './project-constants.js';

const stage = z.object({ mode: z.string(), content: z.string() });

/**
 * A project as lists show it: goploy's field names, plus ours. Repository secrets are never
 * returned: `hasRepoToken` and `hasRepoPrivateKey` say whether one is stored. `repoHostKey` is
 * the fingerprint the console trusts for an ssh address; a `repoPendingHostKey` means the host
 * now shows another key and git refuses it until someone accepts it.
 */
export const projectRow = z.object({
  id: z.number(),
  namespaceId: z.number(),
  name: z.string(),
  repoType: z.enum(REPO_TYPES),
  url: z.string(),
  label: z.string(),
  path: z.string(),
  environment: z.number(),
  branch: z.string(),
  symlinkPath: z.string(),
  symlinkBackupNumber: z.number(),
  review: z.number(),
  reviewURL: z.string(),
  script: z.object({
    afterPull: stage,
    afterDeploy: stage,
    deployFinish: stage,
    customVariables: z.array(customVariable),
  }),
  transferType: z.string(),
  transferOption: z.string(),
  deployServerMode: z.string(),
  autoDeploy: z.number(),
  deployState: z.number(),
  publisherId: z.number(),
  publisherName: z.string(),
  lastPublishToken: z.string(),
  notifyType: z.number(),
  /** The address with its secret parts masked (`maskNotifyTarget`). */
  notifyTarget: z.string(),
  /** A signing secret is stored for the notification channel (it is never sent back). */
  hasNotifySecret: z.boolean(),
  /** Ours: webhook deliveries must be signed with the project's secret (never sent back). */
  hasWebhookSecret: z.boolean(),
  state: z.number(),
  repoAuthType: z.enum(REPO_AUTH_TYPES),
  repoUsername: z.string(),
  hasRepoToken: z.boolean(),
  hasRepoPrivateKey: z.boolean(),
  repoHostKey: z.string(),
  repoPendingHostKey: z.string(),
  /** Ours: 1 when an FTPS source's certificate is not checked. */
  repoTlsSkipVerify: z.number(),
  buildTimeout: z.number(),
  transferTimeout: z.number(),
  afterDeployTimeout: z.number(),
  maxParallelServers: z.number(),
  serverIds: z.array(z.number()),
  userIds: z.array(z.number()),
  insertTime: z.string(),
  updateTime: z.string(),
});

/** Everyone with GetAllProjectList (45) sees every project of the namespace; others their bound ones. */
export const getList = route({
  method: 'GET',
  path: '/project/getList',
  access: anyOf(Perm.ShowProjectPage),
  input: z.object({}),
  output: z.object({ list: z.array(projectRow) }),
});

export const getLabelList = route({
  method: 'GET',
  path: '/project/getLabelList',
  access: anyOf(Perm.ShowProjectPage, Perm.ShowDeployPage),
  input: z.object({}),
  output: z.object({ list: z.array(z.string()) }),
});

/**
 * The repository part of the form, for testing it before saving. With `id`, empty secrets are
 * taken from that project when the address still points at the same host.
 */
const repositoryProbe = withProblems(
  z.object({ id: idField.optional(), ...repositoryFields }),
  repositoryProblems,
);

/**
 * goploy's GET form carries no secret: a query string ends up in access logs. Secrets come from
 * the stored project (`id`), or travel in the body of the POST form below.
 */
const { repoToken: _token, repoPrivateKey: _key, ...publicRepositoryFields } = repositoryFields;
const repositoryQuery = withProblems(
  z.object({ id: idField.optional(), ...publicRepositoryFields }),
  repositoryProblems,
);

const probeAccess = anyOf(Perm.AddProject, Perm.EditProject);

/** Whether the repository answers; failures answer code 2 with a `git_*` reason. */
export const pingRepos = route({
  method: 'GET',
  path: '/project/pingRepos',
  access: probeAccess,
  input: repositoryQuery,
  output: z.object({ hostKey: z.string() }),
});

/** The same test with the form's secrets in the body (what the web app sends). */
export const pingReposWithSecrets = route({
  method: 'POST',
  path: '/project/pingRepos',
  access: probeAccess,
  input: repositoryProbe,
  output: z.object({ hostKey: z.string() }),
  audit: false,
});

/** Branch names of the remote (`git ls-remote --heads`). `empty` answers `["virtual"]`. */
export const getRemoteBranchList = route({
  method: 'GET',
  path: '/project/getRemoteBranchList',
  access: probeAccess,
  input: repositoryQuery,
  output: z.object({ branch: z.array(z.string()) }),
});

/** The same list with the form's secrets in the body. */
export const getRemoteBranchListWithSecrets = route({
  method: 'POST',
  path: '/project/getRemoteBranchList',
  access: probeAccess,
  input: repositoryProbe,
  output: z.object({ branch: z.array(z.string()) }),
  audit: false,
});

/** A bound server, goploy's shape; the server part never carries secrets. */
export const boundServer = z.object({
  id: z.number(),
  projectId: z.number(),
  serverId: z.number(),
  server: z.object({
    id: z.number(),
    name: z.string(),
    os: z.string(),
    ip: z.string(),
    port: z.number(),
    owner: z.string(),
    password: z.literal(''),
    path: z.string(),
    jumpIP: z.string(),
    jumpPort: z.number(),
    jumpOwner: z.string(),
    jumpPassword: z.literal(''),
    jumpPath: z.string(),
    description: z.string(),
    state: z.number(),
  }),
  insertTime: z.string(),
  updateTime: z.string(),
});

export const getBindServerList = route({
  method: 'GET',
  path: '/project/getBindServerList',
  access: anyOf(Perm.ShowProjectPage, Perm.ShowDeployPage),
  input: z.object({ id: idField }),
  output: z.object({ list: z.array(boundServer) }),
});

export const boundUser = z.object({
  id: z.number(),
  projectId: z.number(),
  userId: z.number(),
  user: z.object({ id: z.number(), name: z.string(), account: z.string() }),
  insertTime: z.string(),
  updateTime: z.string(),
});

export const getBindUserList = route({
  method: 'GET',
  path: '/project/getBindUserList',
  access: anyOf(Perm.ShowProjectPage, Perm.ShowDeployPage),
  input: z.object({ id: idField }),
  output: z.object({ list: z.array(boundUser) }),
});

/** Bound servers must be usable by the namespace; bound members must belong to it. */
export const add = route({
  method: 'POST',
  path: '/project/add',
  access: anyOf(Perm.AddProject),
  input: withProblems(z.object(projectFormFields), projectFormProblems),
  output: z.object({ id: z.number() }),
});

/** Bindings are replaced as a whole; empty secrets keep the stored ones for the same host. */
export const edit = route({
  method: 'PUT',
  path: '/project/edit',
  access: anyOf(Perm.EditProject),
  input: withProblems(z.object({ id: idField, ...projectFormFields }), projectFormProblems),
  output: z.null(),
});

export const setAutoDeploy = route({
  method: 'PUT',
  path: '/project/setAutoDeploy',
  access: anyOf(Perm.SwitchProjectWebhook),
  input: z.object({ id: idField, autoDeploy: flagField }),
  output: z.null(),
});

/** Removes the working copy and the bindings; the row stays (state 0) so history still reads. */
export const remove = route({
  method: 'DELETE',
  path: '/project/remove',
  access: anyOf(Perm.DeleteProject),
  input: z.object({ id: idField }),
  output: z.null(),
});

/** Trusts the key the repository host presented last instead of the stored one. */
export const acceptRepoHostKey = route({
  method: 'POST',
  path: '/project/acceptRepoHostKey',
  access: anyOf(Perm.EditProject),
  input: z.object({ id: idField }),
  output: z.object({ hostKey: z.string() }),
});

/**
 * Ours: the project's notification address in full (answers show it masked), for whoever may
 * configure the project. A POST, so the operation log records who read it (the address as `***`).
 */
export const showNotifyTarget = route({
  method: 'POST',
  path: '/project/showNotifyTarget',
  access: anyOf(Perm.EditProject),
  input: z.object({ id: idField }),
  output: z.object({ notifyTarget: z.string() }),
  secretOutput: true,
});
