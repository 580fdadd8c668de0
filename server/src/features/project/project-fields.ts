import { parseArgv, parseRepoUrl, type RouteParsed, type projectRoutes } from '@ferry/contract';
import { invalid } from '../../core/errors.js';
import type { KnownHosts } from '../../infra/git/known-hosts.js';
import { rsyncOptionProblem } from '../../infra/transfer/rsync-options.js';
import { sftpOptionProblem } from '../../infra/transfer/sftp-options.js';
import type { RepoHostKeys } from './project.presenter.js';
import type { Bindings } from './project.repository.js';

type FormInput = RouteParsed<typeof projectRoutes.add>;

/**
 * The transfer options as the engine will use them: rsync options may not name the remote shell
 * or paths (the engine sets them), sftp understands only its own few. 10003 otherwise.
 */
export function assertTransferOption(input: Pick<FormInput, 'transferType' | 'transferOption'>) {
  const words = parseArgv(input.transferOption);
  if (!Array.isArray(words)) return; // the contract already refused it
  const problem =
    input.transferType === 'rsync'
      ? rsyncOptionProblem(words)
      : input.transferType === 'sftp'
        ? sftpOptionProblem(words)
        : undefined;
  if (problem) throw invalid('transferOption', problem);
}

/** The project columns the form sets, besides the repository access and the notify address. */
export function formColumns(input: FormInput) {
  return {
    name: input.name,
    label: input.label,
    path: input.path,
    environment: input.environment,
    branch: input.repoType === 'empty' && !input.branch ? '' : input.branch,
    symlink_path: input.symlinkPath,
    symlink_backup_number: input.symlinkBackupNumber,
    review: input.review,
    review_url: input.reviewURL,
    script: JSON.stringify(input.script),
    transfer_type: input.transferType,
    transfer_option: input.transferOption,
    deploy_server_mode: input.deployServerMode,
    max_parallel_servers: input.maxParallelServers,
    build_timeout: input.buildTimeout,
    transfer_timeout: input.transferTimeout,
    after_deploy_timeout: input.afterDeployTimeout,
    notify_type: input.notifyType,
  };
}

/**
 * The sealed signing secret of the notification channel: a new one when given, else the stored
 * one while the channel type stays; none without a channel.
 */
export function notifySecretColumn(
  input: Pick<FormInput, 'notifyType' | 'notifySecret'>,
  seal: (plain: string) => string,
  stored?: { notify_type: number; notify_secret: string },
): { notify_secret: string } {
  if (input.notifyType === 0) return { notify_secret: '' };
  if (input.notifySecret) return { notify_secret: seal(input.notifySecret) };
  const kept = stored && stored.notify_type === input.notifyType ? stored.notify_secret : '';
  return { notify_secret: kept };
}

/**
 * SECURITY: a project binds only servers its namespace may use (its own and shared ones) and
 * only members of its namespace; anything else is refused, never silently dropped.
 */
export function checkedBindings(
  input: { serverIds: number[]; userIds: number[] },
  usable: { servers: Set<number>; members: Set<number> },
): Bindings {
  const serverIds = [...new Set(input.serverIds)];
  const userIds = [...new Set(input.userIds)];
  const strangeServer = serverIds.find((id) => !usable.servers.has(id));
  if (strangeServer !== undefined) {
    throw invalid('serverIds', `has server ${strangeServer}, which this namespace cannot use`);
  }
  const strangeUser = userIds.find((id) => !usable.members.has(id));
  if (strangeUser !== undefined) {
    throw invalid('userIds', `has user ${strangeUser}, who is not a member of this namespace`);
  }
  return { serverIds, userIds };
}

/** The trusted and pending host key of an ssh repository or SFTP source; empty for others. */
export function repoHostKeys(url: string, repoType: string, knownHosts: KnownHosts): RepoHostKeys {
  const parsed = parseRepoUrl(url, repoType);
  if ('problem' in parsed || (parsed.kind !== 'ssh' && parsed.kind !== 'sftp')) {
    return { trusted: '', pending: '' };
  }
  const port = parsed.port || 22;
  return {
    trusted: knownHosts.fingerprint(parsed.host, port),
    pending: knownHosts.pendingFingerprint(parsed.host, port),
  };
}
