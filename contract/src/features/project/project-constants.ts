/** Project constants without zod, shared with the browser. */

/** Where a project's code comes from. */
export const REPO_TYPES = ['git', 'svn', 'ftp', 'sftp', 'empty'] as const;
export type RepoType = (typeof REPO_TYPES)[number];

/** Whether a repository type has branches, commits and tags to pick (git and Subversion do). */
export const hasHistory = (repoType: string): boolean => repoType === 'git' || repoType === 'svn';

/**
 * How the console authenticates to the repository: not at all (public or `file://`), a username
 * and token (https; a password for svn and sftp), a pasted deploy key or the console's own key
 * (ssh, sftp).
 */
export const REPO_AUTH_TYPES = ['none', 'token', 'key', 'consoleKey'] as const;
export type RepoAuthType = (typeof REPO_AUTH_TYPES)[number];

/** Interpreters a script may run with; empty means bash. */
export const SCRIPT_MODES = ['bash', 'sh', 'zsh', 'python', 'php', 'node'] as const;
export type ScriptMode = (typeof SCRIPT_MODES)[number];

export const TRANSFER_TYPES = ['rsync', 'sftp', 'custom'] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

export const DEPLOY_SERVER_MODES = ['serial', 'parallel'] as const;
export type DeployServerMode = (typeof DEPLOY_SERVER_MODES)[number];

/** product.md §4: 1 production, 2 pre-release, 3 test, 4 development. */
export const ENVIRONMENTS = [1, 2, 3, 4] as const;

/** product.md §4: 0 none, 1 WeCom, 2 DingTalk, 3 Feishu, 255 custom webhook. */
export const NOTIFY_TYPES = [0, 1, 2, 3, 255] as const;

export const CUSTOM_VARIABLE_TYPES = ['string', 'list'] as const;
export type CustomVariableType = (typeof CUSTOM_VARIABLE_TYPES)[number];

/** A custom variable's name, used as `${NAME}` in scripts. */
export const VARIABLE_NAME = /^[A-Z_][A-Z0-9_]*$/;

/** Defaults of the settings goploy lacks: stage time limits (seconds) and parallel width. */
export const PROJECT_DEFAULTS = {
  symlinkBackupNumber: 10,
  buildTimeout: 1800,
  transferTimeout: 1800,
  afterDeployTimeout: 600,
  maxParallelServers: 10,
} as const;

/** Limits of those settings: one second to a day; 1 to 100 servers at once. */
export const TIMEOUT_LIMITS = { min: 1, max: 86_400 } as const;
export const MAX_PARALLEL_SERVERS = 100;
export const MAX_RELEASES_KEPT = 100;

/** The rsync option string the form proposes, as goploy's placeholder. */
export const DEFAULT_RSYNC_OPTION = '-rtv --exclude .git --delete-after';

/**
 * The predefined variables of scripts and transfer options (reference §5.11), by group. Their
 * meanings are translated in the web app (`project.variables.<NAME>`).
 */
export const PREDEFINED_VARIABLES = {
  project: [
    'PROJECT_ID',
    'PROJECT_NAME',
    'PROJECT_PATH',
    'PROJECT_SYMLINK_PATH',
    'PROJECT_BRANCH',
    'PROJECT_ENV',
    'PROJECT_LABEL',
    'REPOSITORY_TYPE',
    'REPOSITORY_URL',
    'REPOSITORY_PATH',
    'PUBLISH_TOKEN',
  ],
  commit: [
    'COMMIT_ID',
    'COMMIT_SHORT_ID',
    'COMMIT_BRANCH',
    'COMMIT_TAG',
    'COMMIT_AUTHOR',
    'COMMIT_TIMESTAMP',
    'COMMIT_MESSAGE',
  ],
  server: [
    'SERVER_ID',
    'SERVER_NAME',
    'SERVER_IP',
    'SERVER_PORT',
    'SERVER_OWNER',
    'SERVER_PATH',
    'SERVER_JUMP_IP',
    'SERVER_JUMP_PORT',
    'SERVER_JUMP_OWNER',
    'SERVER_JUMP_PATH',
  ],
  deploy: ['PROJECT_SERVERS', 'SERVER_TOTAL_NUMBER', 'SERVER_SERIAL_NUMBER'],
} as const;
