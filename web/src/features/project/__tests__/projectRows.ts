import type { ProjectRow } from '../utils/ProjectRow';

const stage = { mode: '', content: '' };

/** A project row as GET /project/getList sends it, with `extra` over plain defaults. */
export function projectRow(id: number, name: string, extra: Partial<ProjectRow> = {}): ProjectRow {
  return {
    id,
    namespaceId: 1,
    name,
    repoType: 'git',
    url: `https://github.com/acme/${name}.git`,
    label: '',
    path: `/var/www/${name}`,
    environment: 4,
    branch: 'main',
    symlinkPath: '',
    symlinkBackupNumber: 10,
    review: 0,
    reviewURL: '',
    script: { afterPull: stage, afterDeploy: stage, deployFinish: stage, customVariables: [] },
    transferType: 'rsync',
    transferOption: '-rtv --exclude .git --delete-after',
    deployServerMode: 'parallel',
    autoDeploy: 0,
    deployState: 0,
    publisherId: 0,
    publisherName: '',
    lastPublishToken: '',
    notifyType: 0,
    notifyTarget: '',
    state: 1,
    repoAuthType: 'none',
    repoUsername: '',
    hasRepoToken: false,
    hasNotifySecret: false,
    hasWebhookSecret: true,
    hasRepoPrivateKey: false,
    repoHostKey: '',
    repoPendingHostKey: '',
    repoTlsSkipVerify: 0,
    buildTimeout: 1800,
    transferTimeout: 1800,
    afterDeployTimeout: 600,
    maxParallelServers: 10,
    serverIds: [],
    userIds: [],
    insertTime: '2026-01-01 09:00:00',
    updateTime: '2026-01-01 09:00:00',
    ...extra,
  };
}

/** Servers as GET /server/getOption sends them. */
export const SERVER_OPTIONS = [
  { id: 1, name: 'web-1', ip: '10.0.0.1', port: 22, owner: 'deploy', namespaceId: 1 },
  { id: 2, name: 'web-2', ip: '10.0.0.2', port: 2222, owner: 'deploy', namespaceId: 1 },
  { id: 3, name: 'web-3', ip: '10.0.0.3', port: 22, owner: 'root', namespaceId: 0 },
  { id: 4, name: 'db-1', ip: '10.0.0.4', port: 22, owner: 'root', namespaceId: 1 },
].map((s) => ({
  ...s,
  description: '',
  osInfo: '',
  insertTime: '2026-01-01 09:00:00',
  updateTime: '2026-01-01 09:00:00',
}));

/** Members as GET /namespace/getUserOption sends them. */
export const MEMBER_OPTIONS = [
  { userId: 5, userName: 'Myself', roleId: 1 },
  { userId: 7, userName: 'Alice', roleId: 2 },
  { userId: 8, userName: 'Bob', roleId: 2 },
];

export const FP_OLD = 'SHA256:oldoldoldoldoldoldoldoldoldoldoldoldoldold0';
export const FP_NEW = 'SHA256:newnewnewnewnewnewnewnewnewnewnewnewnewnew0';
