import type { ProjectScript, RepoAuthType, RepoType } from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import type { Bindings, ProjectRecord, ProjectRepository } from './project.repository.js';

const EMPTY_STAGE = { mode: '', content: '' };

/** The stored script JSON; a damaged or partial value reads as empty stages. */
export function parseScript(json: string): ProjectScript {
  let raw: Partial<ProjectScript>;
  try {
    raw = JSON.parse(json) as Partial<ProjectScript>;
  } catch {
    raw = {};
  }
  return {
    afterPull: { ...EMPTY_STAGE, ...raw.afterPull },
    afterDeploy: { ...EMPTY_STAGE, ...raw.afterDeploy },
    deployFinish: { ...EMPTY_STAGE, ...raw.deployFinish },
    customVariables: Array.isArray(raw.customVariables) ? raw.customVariables : [],
  } as ProjectScript;
}

/** Fingerprints of the repository host, for ssh addresses. */
export interface RepoHostKeys {
  trusted: string;
  pending: string;
}

/**
 * A project as goploy names it, plus ours. SECURITY: repository secrets never leave the server;
 * `has*` says whether one is stored; `notifyTarget` is the address masked (`NotifyTargets.shown`).
 */
export function presentProject(
  r: ProjectRecord,
  b: Bindings,
  keys: RepoHostKeys,
  notifyTarget: string,
) {
  return {
    id: r.id,
    namespaceId: r.namespace_id,
    name: r.name,
    repoType: r.repo_type as RepoType,
    url: r.url,
    label: r.label,
    path: r.path,
    environment: r.environment,
    branch: r.branch,
    symlinkPath: r.symlink_path,
    symlinkBackupNumber: r.symlink_backup_number,
    review: r.review,
    reviewURL: r.review_url,
    script: parseScript(r.script),
    transferType: r.transfer_type,
    transferOption: r.transfer_option,
    deployServerMode: r.deploy_server_mode,
    autoDeploy: r.auto_deploy,
    deployState: r.deploy_state,
    publisherId: r.publisher_id,
    publisherName: r.publisher_name,
    lastPublishToken: r.last_publish_token,
    notifyType: r.notify_type,
    notifyTarget,
    hasNotifySecret: r.notify_secret !== '',
    hasWebhookSecret: r.webhook_secret !== '',
    state: r.state,
    repoAuthType: r.repo_auth_type as RepoAuthType,
    repoUsername: r.repo_username,
    hasRepoToken: r.repo_token !== '',
    hasRepoPrivateKey: r.repo_private_key !== '',
    repoHostKey: keys.trusted,
    repoPendingHostKey: keys.pending,
    repoTlsSkipVerify: r.repo_tls_skip_verify,
    buildTimeout: r.build_timeout,
    transferTimeout: r.transfer_timeout,
    afterDeployTimeout: r.after_deploy_timeout,
    maxParallelServers: r.max_parallel_servers,
    serverIds: b.serverIds,
    userIds: b.userIds,
    insertTime: formatTime(r.insert_time),
    updateTime: formatTime(r.update_time),
  };
}

type BoundServerRow = Awaited<ReturnType<ProjectRepository['boundServers']>>[number];

/** goploy's project_server shape; SECURITY: the server part carries no secret. */
export function presentBoundServer(r: BoundServerRow) {
  return {
    id: r.id,
    projectId: r.project_id,
    serverId: r.server_id,
    server: {
      id: r.server_id,
      name: r.name,
      os: r.os,
      ip: r.ip,
      port: r.port,
      owner: r.owner,
      password: '' as const,
      path: r.path,
      jumpIP: r.jump_ip,
      jumpPort: r.jump_port,
      jumpOwner: r.jump_owner,
      jumpPassword: '' as const,
      jumpPath: r.jump_path,
      description: r.description,
      state: r.state,
    },
    insertTime: formatTime(r.insert_time),
    updateTime: formatTime(r.update_time),
  };
}

type BoundUserRow = Awaited<ReturnType<ProjectRepository['boundUsers']>>[number];

export function presentBoundUser(r: BoundUserRow) {
  return {
    id: r.id,
    projectId: r.project_id,
    userId: r.user_id,
    user: { id: r.user_id, name: r.name, account: r.account },
    insertTime: formatTime(r.insert_time),
    updateTime: formatTime(r.update_time),
  };
}

type ServerProjectRow = Awaited<ReturnType<ProjectRepository['projectsOfServer']>>[number];

export function presentServerProject(r: ServerProjectRow) {
  return {
    id: r.id,
    projectId: r.project_id,
    serverId: r.server_id,
    project: { id: r.project_id, name: r.name, branch: r.branch, environment: r.environment },
    insertTime: formatTime(r.insert_time),
    updateTime: formatTime(r.update_time),
  };
}
