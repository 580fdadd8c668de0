import crypto from 'node:crypto';
import { DEFAULT_ROLES, PERMISSIONS, Perm } from '@ferry/contract';
import bcrypt from 'bcryptjs';
import mysql from 'mysql2/promise';
import { seedActivity } from './goploy-fixture-activity.js';
import { seedProjects } from './goploy-fixture-projects.js';
import {
  ago,
  DAY,
  GOPLOY_TABLES,
  goployInsert,
  type GoployInsert,
  type GoployRow,
  type GoployTable,
} from './goploy-schema.js';

export { createGoployDatabase, GOPLOY_TABLES, type GoployTable } from './goploy-schema.js';

/**
 * A goploy 1.17.5 database with the rows its console would have written after months of use:
 * every table of goploy-schema.ts has rows, in the shapes goploy's code writes them (script and
 * trace JSON as its Go structs marshal, masked rsync commands, plain-text secrets). The answered
 * description tells the tests what to expect. Datetimes are written in UTC.
 */

export interface GoploySeedOptions {
  /** The server `web` deploys to: a real sshd with password login (default 127.0.0.1:22 root/x). */
  sshd?: { ip: string; port: number; owner: string; password: string };
  /** The repository of `web` and `web-staging` (default a git URL that resolves nowhere). */
  gitUrl?: string;
  /** What the HTTP monitor checks (default `http://127.0.0.1:9/`, which refuses). */
  monitorUrl?: string;
  /** The custom (255) webhook of `web` and of the HTTP monitor. */
  customWebhookUrl?: string;
}

export interface GoployUser {
  id: number;
  account: string;
  /** The plain password its bcrypt hash was made from. */
  password: string;
  name: string;
  contact: string;
  superManager: boolean;
  /** 0 disabled, 1 enabled. */
  state: 0 | 1;
  /** '' when the user has none; else 32 letters and digits, as goploy makes them. */
  apiKey: string;
  /** password_update_time is NULL: goploy asks for a new password at the next login. */
  mustChangePassword: boolean;
}

export interface GoployServer {
  id: number;
  namespaceId: number;
  name: string;
  ip: string;
  port: number;
  owner: string;
  /** The SSH password; '' for the key-file server. */
  password: string;
}

export interface GoployProject {
  id: number;
  namespaceId: number;
  name: string;
  repoType: 'git' | 'svn' | 'ftp' | 'sftp' | 'empty';
  url: string;
  /** 0 deleted, 1 in use. */
  state: 0 | 1;
  /** 0 none, 1 WeCom, 2 DingTalk, 3 Feishu, 255 custom webhook. */
  notifyType: 0 | 1 | 2 | 3 | 255;
  notifyTarget: string;
  serverIds: number[];
}

export interface GoployFixture {
  /** system_config `version` as goploy writes it: its appVersion, `1.17.5`, no `v`. */
  version: string;
  namespaces: { goploy: number; staging: number };
  roles: { manager: number; member: number; deployer: number };
  rolePermissions: { manager: number[]; member: number[]; deployer: number[] };
  users: { admin: GoployUser; alice: GoployUser; bob: GoployUser; carol: GoployUser };
  /** The namespace_user rows; role 0 for the super manager. */
  memberships: { namespaceId: number; userId: number; roleId: number }[];
  servers: {
    /** (a) the sshd of the options, namespace 1. */
    sshd: GoployServer;
    /** (b) behind a jump host, namespace 1. */
    jump: GoployServer & {
      jumpIp: string;
      jumpPort: number;
      jumpOwner: string;
      jumpPassword: string;
    };
    /** (c) logs in with the key file at `keyPath`, no password, namespace 1. */
    keyFile: GoployServer & { keyPath: string };
    /** (d) namespace 2. */
    staging: GoployServer;
  };
  projects: {
    /** git on `gitUrl`, rsync, symlinked releases, deployed: see `deploys`. */
    web: GoployProject;
    /** git, transfer over sftp, serial, in-app review, a list variable; one review pending. */
    api: GoployProject;
    /** svn, review with a review URL, WeCom notices. */
    docs: GoployProject;
    /** ftp source, DingTalk notices. */
    site: GoployProject;
    /** sftp source, Feishu notices. */
    assets: GoployProject;
    /** empty source, custom transfer command. */
    build: GoployProject;
    /** deleted (state 0). */
    legacy: GoployProject;
    /** namespace 2. */
    webStaging: GoployProject;
  };
  /** Two deployments of `web`: the last one (its last_publish_token) succeeded. */
  deploys: {
    success: { token: string; projectId: number; commit: string; publisherId: number };
    failed: { token: string; projectId: number; publisherId: number };
  };
  monitors: { http: number; tcp: number; script: number };
  /** Rows written per table. */
  counts: Record<GoployTable, number>;
}

/** What the parts of the seed share: the insert, the users and the options, defaults filled. */
export interface GoploySeed {
  insert: GoployInsert;
  users: GoployFixture['users'];
  sshd: { ip: string; port: number; owner: string; password: string };
  gitUrl: string;
  monitorUrl: string;
  customWebhookUrl: string;
  /** Webhook addresses of the chat channels, with their tokens. */
  wecom: string;
  dingtalk: string;
  feishu: string;
}

const VERSION = '1.17.5';

/** goploy's API key (user.CreateApiKey): 32 characters of 0-9A-Za-z. */
function apiKey(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return Array.from(crypto.randomBytes(32), (b) => alphabet[b % alphabet.length]).join('');
}

/** A bcrypt hash as Go's x/crypto/bcrypt writes it: cost 10, `$2a$` (bcryptjs writes `$2b$`). */
async function goBcrypt(password: string): Promise<string> {
  return (await bcrypt.hash(password, 10)).replace(/^\$2b\$/, '$2a$');
}

/** The users and their plain passwords; alice's API key is made per seed. */
const USERS: Record<'admin' | 'alice' | 'bob' | 'carol', Omit<GoployUser, 'apiKey'>> = {
  admin: {
    id: 1,
    account: 'admin',
    password: 'admin!@#',
    name: '超管',
    contact: '',
    superManager: true,
    state: 1,
    mustChangePassword: false,
  },
  alice: {
    id: 2,
    account: 'alice',
    password: 'Alice#2024pw',
    name: 'Alice Zhang',
    contact: '13800138001',
    superManager: false,
    state: 1,
    mustChangePassword: false,
  },
  bob: {
    id: 3,
    account: 'bob',
    password: 'Bob#2024pw',
    name: 'Bob Li',
    contact: '13900139002',
    superManager: false,
    state: 1,
    mustChangePassword: true,
  },
  carol: {
    id: 4,
    account: 'carol',
    password: 'Carol#2024pw',
    name: 'Carol Chen',
    contact: '13700137003',
    superManager: false,
    state: 0,
    mustChangePassword: false,
  },
};

/** Writes the rows into the goploy database of `databaseUrl` (made by createGoployDatabase). */
export async function seedGoploy(
  databaseUrl: string,
  opts: GoploySeedOptions = {},
): Promise<GoployFixture> {
  const counts = Object.fromEntries(GOPLOY_TABLES.map((t) => [t, 0])) as GoployFixture['counts'];
  const conn = await mysql.createConnection({ uri: databaseUrl });
  try {
    const insert = goployInsert(conn, counts);
    const users: GoployFixture['users'] = {
      admin: { ...USERS.admin, apiKey: '' },
      alice: { ...USERS.alice, apiKey: apiKey() },
      bob: { ...USERS.bob, apiKey: '' },
      carol: { ...USERS.carol, apiKey: '' },
    };
    const seed: GoploySeed = {
      insert,
      users,
      sshd: opts.sshd ?? { ip: '127.0.0.1', port: 22, owner: 'root', password: 'x' },
      gitUrl: opts.gitUrl ?? 'https://git.example.com/acme/web.git',
      monitorUrl: opts.monitorUrl ?? 'http://127.0.0.1:9/',
      customWebhookUrl: opts.customWebhookUrl ?? 'http://127.0.0.1:9/goploy-hook',
      wecom:
        'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=6f1c2d9e-3b7a-4c55-9e02-8d4b1a7f0c31',
      dingtalk:
        'https://oapi.dingtalk.com/robot/send?access_token=' +
        '9c1e5f3a7b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f',
      feishu: 'https://open.feishu.cn/open-apis/bot/v2/hook/0b8e2f4c-71d3-4a9e-b6c5-2e9d8f1a4c70',
    };

    // goploy writes its appVersion (cmd/server/main.go, "1.17.5") both in goploy.sql's seed and
    // after each upgrade (model.Update): digits only, no leading `v`.
    await insert('system_config', [{ id: 1, key: 'version', value: VERSION }]);
    await insert('namespace', [
      { id: 1, name: 'goploy', insert_time: ago(400 * DAY) },
      { id: 2, name: 'staging', insert_time: ago(120 * DAY) },
    ]);
    const permissions = PERMISSIONS.map((p) => ({ ...p, sort: 0, description: '' }));
    await insert('permission', permissions);
    const roleIds = (name: string) => [
      ...DEFAULT_ROLES.find((r) => r.name === name)!.permissionIds,
    ];
    const rolePermissions = {
      manager: roleIds('manager'),
      member: roleIds('member'),
      deployer: [
        Perm.ShowServerPage,
        Perm.ShowProjectPage,
        Perm.GetBindProjectList,
        Perm.ShowDeployPage,
        Perm.GetBindDeployList,
        Perm.DeployDetail,
        Perm.DeployProject,
        Perm.DeployRollback,
        Perm.ShowMonitorPage,
      ] as number[],
    };
    await insert('role', [
      { id: 1, name: 'manager', description: '' },
      { id: 2, name: 'member', description: '' },
      { id: 3, name: 'deployer', description: 'Deploys the projects bound to them' },
    ]);
    await insert(
      'role_permission',
      [rolePermissions.manager, rolePermissions.member, rolePermissions.deployer].flatMap(
        (ids, i) => ids.map((id) => ({ role_id: i + 1, permission_id: id })),
      ),
    );

    const lastLogin = { admin: ago(30), alice: ago(90), bob: null, carol: ago(200 * DAY) };
    const userRows = Object.entries(users).map(async ([key, u]) => ({
      id: u.id,
      account: u.account,
      password: await goBcrypt(u.password),
      password_update_time: u.mustChangePassword ? null : ago(60 * DAY + u.id),
      name: u.name,
      contact: u.contact,
      state: u.state,
      insert_time: ago((300 - u.id) * DAY),
      last_login_time: lastLogin[key as keyof typeof users],
      super_manager: u.superManager ? 1 : 0,
      api_key: u.apiKey,
    }));
    await insert('user', await Promise.all(userRows));
    const memberships = [
      { namespaceId: 1, userId: 1, roleId: 0 },
      { namespaceId: 2, userId: 1, roleId: 0 },
      { namespaceId: 1, userId: 2, roleId: 3 },
      { namespaceId: 2, userId: 2, roleId: 2 },
      { namespaceId: 1, userId: 3, roleId: 2 },
      { namespaceId: 1, userId: 4, roleId: 2 },
    ];
    await insert(
      'namespace_user',
      memberships.map((m) => ({
        namespace_id: m.namespaceId,
        user_id: m.userId,
        role_id: m.roleId,
      })),
    );

    const servers = await seedServers(seed);
    const { projects, deploys } = await seedProjects(seed);
    const monitors = await seedActivity(seed, deploys.success.token);
    return {
      version: VERSION,
      namespaces: { goploy: 1, staging: 2 },
      roles: { manager: 1, member: 2, deployer: 3 },
      rolePermissions,
      users,
      memberships,
      servers,
      projects,
      deploys,
      monitors,
      counts,
    };
  } finally {
    await conn.end();
  }
}

/** The four servers, os_info as goploy collects it: PRETTY_NAME|CPU count|MemTotal kB. */
async function seedServers({ insert, sshd }: GoploySeed): Promise<GoployFixture['servers']> {
  const servers: GoployFixture['servers'] = {
    sshd: { id: 1, namespaceId: 1, name: 'web-01', ...sshd },
    jump: {
      id: 2,
      namespaceId: 1,
      name: 'db-01',
      ip: '10.0.1.12',
      port: 22,
      owner: 'deploy',
      password: 'Db#host-pw1',
      jumpIp: '203.0.113.10',
      jumpPort: 2222,
      jumpOwner: 'bastion',
      jumpPassword: 'Bastion#pw9',
    },
    keyFile: {
      id: 3,
      namespaceId: 1,
      name: 'worker-01',
      ip: '10.0.1.13',
      port: 22,
      owner: 'root',
      password: '',
      keyPath: '/root/.ssh/id_rsa',
    },
    staging: {
      id: 4,
      namespaceId: 2,
      name: 'staging-01',
      ip: '10.0.2.21',
      port: 22,
      owner: 'deploy',
      password: 'Staging#pw3',
    },
  };
  const row = (s: GoployServer, osInfo: string, more: GoployRow = {}): GoployRow => ({
    id: s.id,
    namespace_id: s.namespaceId,
    name: s.name,
    ip: s.ip,
    port: s.port,
    owner: s.owner,
    path: '',
    password: s.password,
    jump_ip: '',
    jump_port: 0,
    jump_owner: '',
    jump_path: '',
    jump_password: '',
    os: 'linux',
    os_info: osInfo,
    description: `${s.name}, ${s.namespaceId === 1 ? 'production' : 'staging'}`,
    state: 1,
    ...more,
  });
  const { jump, keyFile } = servers;
  const debian = 'Debian GNU/Linux 12 (bookworm)|2|4028236';
  await insert('server', [
    row(servers.sshd, debian),
    row(jump, 'Ubuntu 22.04.4 LTS|4|8141236', {
      jump_ip: jump.jumpIp,
      jump_port: jump.jumpPort,
      jump_owner: jump.jumpOwner,
      jump_password: jump.jumpPassword,
    }),
    row(keyFile, 'CentOS Linux 7 (Core)|8|16266412', { path: keyFile.keyPath }),
    row(servers.staging, debian),
  ]);
  return servers;
}
