import type { DeployNotice } from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import type { CommitInfo } from '../../infra/git/git-client.js';
import type { Notice } from '../notification/notification.api.js';
import type { ProjectRecord } from '../project/project.api.js';
import type { ServerFacts } from '../server/server.api.js';

const ENVIRONMENT_NAMES: Record<number, string> = {
  1: 'Production',
  2: 'Pre-release',
  3: 'Test',
  4: 'Development',
};

export interface DeployOutcome {
  project: ProjectRecord;
  channel: { type: number; target: string; secret: string };
  token: string;
  publisher: { id: number; name: string };
  succeeded: boolean;
  /** Why it failed; '' on success. */
  detail: string;
  commit: CommitInfo | undefined;
  servers: ServerFacts[];
  time: number;
  trigger: string;
}

/** A repository address without the user and password it may carry. */
function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

/**
 * The notice of a finished deploy: the template's data, and what a custom webhook receives in
 * goploy's shape. SECURITY: servers go without passwords, keys or jump credentials, the project
 * without credentials, notification target or review address.
 */
export function deployNotice(o: DeployOutcome): Notice<'deploy'> {
  const p = o.project;
  const commit = o.commit;
  const data: DeployNotice = {
    project: {
      id: p.id,
      name: p.name,
      environment: ENVIRONMENT_NAMES[p.environment] ?? '',
      branch: p.branch,
      path: p.path,
    },
    deploy: {
      token: o.token,
      succeeded: o.succeeded,
      state: o.succeeded ? 'success' : 'fail',
      publisher: o.publisher.name,
      detail: o.detail,
      time: formatTime(o.time),
      trigger: o.trigger,
    },
    commit: {
      id: commit?.commit ?? '',
      shortId: (commit?.commit ?? '').slice(0, 7),
      branch: commit?.branch ?? '',
      tag: commit?.tag ?? '',
      author: commit?.author ?? '',
      message: commit?.message ?? '',
      time: commit?.timestamp ? formatTime(commit.timestamp * 1000) : '',
    },
    servers: o.servers.map((s) => ({ id: s.id, name: s.name, host: s.ip, description: '' })),
  };
  const custom = {
    DeployState: o.succeeded ? 2 : 3,
    Project: {
      id: p.id,
      namespaceId: p.namespace_id,
      name: p.name,
      repoType: p.repo_type,
      url: withoutCredentials(p.url),
      path: p.path,
      environment: p.environment,
      branch: p.branch,
      symlinkPath: p.symlink_path,
      label: p.label,
      transferType: p.transfer_type,
      lastPublishToken: o.token,
      publisherId: o.publisher.id,
      publisherName: o.publisher.name,
    },
    ProjectServers: o.servers.map((s) => ({
      projectId: p.id,
      serverId: s.id,
      serverName: s.name,
      serverIP: s.ip,
      serverPort: s.port,
      serverOwner: s.owner,
    })),
    CommitInfo: commit ?? null,
    DeployDetail: o.detail,
  };
  return {
    namespaceId: p.namespace_id,
    projectId: p.id,
    projectName: p.name,
    channel: o.channel,
    use: 'deploy',
    data,
    custom,
    subject: `${p.name} deploy ${o.succeeded ? 'succeeded' : 'failed'}`,
    creator: o.publisher.name,
  };
}
