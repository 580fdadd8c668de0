/**
 * goploy's rows as the import reads them (reference §3): only the columns it carries. Times are
 * goploy's `datetime` text (`YYYY-MM-DD HH:mm:ss`, the goploy host's local time) or null.
 */
export interface GoployNamespace {
  id: number;
  name: string;
}

export interface GoployUser {
  id: number;
  account: string;
  /** bcrypt, 60 characters. */
  password: string;
  /** null: the password must be changed at the next sign-in. */
  password_update_time: string | null;
  name: string;
  contact: string;
  state: number;
  last_login_time: string | null;
  super_manager: number;
  /** 32 characters, or '' when the user made none. */
  api_key: string;
  insert_time: string;
}

export interface GoployNamespaceUser {
  id: number;
  namespace_id: number;
  user_id: number;
  /** 0 for super managers. */
  role_id: number;
}

export interface GoployRole {
  id: number;
  name: string;
  description: string;
}

export interface GoployRolePermission {
  id: number;
  role_id: number;
  permission_id: number;
}

export interface GoployServer {
  id: number;
  /** 0: every namespace. */
  namespace_id: number;
  name: string;
  ip: string;
  port: number;
  owner: string;
  /** A private-key file on the goploy host. */
  path: string;
  password: string;
  jump_ip: string;
  jump_port: number;
  jump_owner: string;
  jump_path: string;
  jump_password: string;
  os: string;
  os_info: string;
  description: string;
  state: number;
}

export interface GoployProject {
  id: number;
  namespace_id: number;
  name: string;
  repo_type: string;
  url: string;
  path: string;
  symlink_path: string;
  symlink_backup_number: number;
  environment: number;
  branch: string;
  label: string;
  review: number;
  review_url: string;
  /** JSON text (MariaDB) or an object (MySQL's JSON type). */
  script: unknown;
  transfer_type: string;
  transfer_option: string;
  deploy_server_mode: string;
  auto_deploy: number;
  state: number;
  deploy_state: number;
  publisher_id: number;
  publisher_name: string;
  last_publish_token: string;
  notify_type: number;
  notify_target: string;
}

export interface GoployProjectServer {
  id: number;
  project_id: number;
  server_id: number;
}

export interface GoployProjectUser {
  id: number;
  project_id: number;
  user_id: number;
}

export interface GoployMonitor {
  id: number;
  namespace_id: number;
  name: string;
  /** 1 http, 2 tcp, 3 ping, 4 process, 5 script. */
  type: number;
  /** `{items, timeout, process, script}`: JSON text, or an object (MySQL's JSON type). */
  target: unknown;
  second: number;
  times: number;
  silent_cycle: number;
  description: string;
  notify_type: number;
  notify_target: string;
  state: number;
  error_content: string;
  success_server_id: number;
  success_script: string;
  fail_server_id: number;
  fail_script: string;
}

/** A server warning rule. */
export interface GoployServerMonitor {
  id: number;
  server_id: number;
  item: string;
  formula: string;
  operator: string;
  value: string;
  group_cycle: number;
  last_cycle: number;
  silent_cycle: number;
  start_time: string;
  end_time: string;
  notify_type: number;
  notify_target: string;
}

export interface GoployCron {
  id: number;
  server_id: number;
  /** Six fields, seconds first. */
  expression: string;
  command: string;
  single_mode: number;
  log_level: number;
  description: string;
  creator: string;
  editor: string;
  state: number;
}

export interface GoployServerProcess {
  id: number;
  namespace_id: number;
  name: string;
  /** `[{name, command}]`: an array (MySQL's JSON type, as mysql2 reads it), JSON text, or null. */
  items: unknown;
}

export interface GoployTemplate {
  id: number;
  type: number;
  name: string;
  content: string;
  description: string;
}

export interface GoployProjectProcess {
  id: number;
  project_id: number;
  name: string;
  start: string;
  stop: string;
  status: string;
  restart: string;
}

export interface GoployProjectFile {
  id: number;
  project_id: number;
  /** Relative to the project's file dir, `<repository>/project-file/project_<id>/`. */
  filename: string;
}

export interface GoployNotificationTemplate {
  id: number;
  /** 1 WeCom, 2 DingTalk, 3 Feishu. */
  type: number;
  use_by: string;
  title: string;
  /** Go text/template. */
  template: string;
  insert_time: string;
  update_time: string;
}

export interface GoployProjectTask {
  id: number;
  project_id: number;
  commit: string;
  branch: string;
  /** When it runs; null when goploy stored none. */
  date: string | null;
  /** 1 active, 0 removed. */
  state: number;
  is_run: number;
  creator_id: number;
  creator: string;
  editor_id: number;
  editor: string;
  insert_time: string;
  update_time: string;
}

export interface GoployProjectReview {
  id: number;
  project_id: number;
  commit_id: string;
  branch: string;
  review_url: string;
  /** 0 pending, 1 approved, 2 denied. */
  state: number;
  creator_id: number;
  creator: string;
  editor_id: number;
  editor: string;
  insert_time: string;
  update_time: string;
}

export interface GoployPublishTrace {
  id: number;
  /** The deploy's UUID. */
  token: string;
  project_id: number;
  project_name: string;
  detail: string;
  /** 0 failed, 1 succeeded. */
  state: number;
  publisher_id: number;
  publisher_name: string;
  /** 0 queue, 2 pull, 3 after pull, 5 transfer, 6 after deploy, 7 deploy finish, 8 finish. */
  type: number;
  /** JSON text, its shape by type (reference §5.10). */
  ext: string;
  insert_time: string;
  update_time: string;
}

export interface GoployLoginLog {
  id: number;
  account: string;
  /** `ip:port` as goploy saw it. */
  remote_addr: string;
  user_agent: string;
  referer: string;
  /** '' on success, else why the attempt failed. */
  reason: string;
  login_time: string;
}

export interface GoployOperationLog {
  id: number;
  user_id: number;
  namespace_id: number;
  router: string;
  api: string;
  request_time: string | null;
  /** The body with `_query` (the query string): JSON text (MariaDB) or an object (MySQL). */
  request_data: unknown;
  response_time: string | null;
  /** The answer's envelope: JSON text (MariaDB) or an object (MySQL). */
  response_data: unknown;
}

export interface GoploySftpLog {
  id: number;
  namespace_id: number;
  user_id: number;
  server_id: number;
  remote_addr: string;
  user_agent: string;
  /** READ, PREVIEW, DOWNLOAD, UPLOAD, EDIT, RENAME, COPY or DELETE. */
  type: string;
  path: string;
  /** '' when the action succeeded. */
  reason: string;
  insert_time: string;
}

export interface GoployTerminalLog {
  id: number;
  namespace_id: number;
  user_id: number;
  server_id: number;
  remote_addr: string;
  user_agent: string;
  start_time: string;
  /** `1970-01-01 00:00:00` when goploy never wrote the end. */
  end_time: string;
}

/** A run of a cron job as goploy's agent reported it. */
export interface GoployCronLog {
  id: number;
  cron_id: number;
  server_id: number;
  exec_code: number;
  message: string;
  report_time: string;
}

/** The columns read from each table, in the order of the import. */
export const GOPLOY_COLUMNS = {
  namespace: ['id', 'name'],
  role: ['id', 'name', 'description'],
  role_permission: ['id', 'role_id', 'permission_id'],
  user: [
    'id',
    'account',
    'password',
    'password_update_time',
    'name',
    'contact',
    'state',
    'last_login_time',
    'super_manager',
    'api_key',
    'insert_time',
  ],
  namespace_user: ['id', 'namespace_id', 'user_id', 'role_id'],
  server: [
    'id',
    'namespace_id',
    'name',
    'ip',
    'port',
    'owner',
    'path',
    'password',
    'jump_ip',
    'jump_port',
    'jump_owner',
    'jump_path',
    'jump_password',
    'os',
    'os_info',
    'description',
    'state',
  ],
  project: [
    'id',
    'namespace_id',
    'name',
    'repo_type',
    'url',
    'path',
    'symlink_path',
    'symlink_backup_number',
    'environment',
    'branch',
    'label',
    'review',
    'review_url',
    'script',
    'transfer_type',
    'transfer_option',
    'deploy_server_mode',
    'auto_deploy',
    'state',
    'deploy_state',
    'publisher_id',
    'publisher_name',
    'last_publish_token',
    'notify_type',
    'notify_target',
  ],
  project_server: ['id', 'project_id', 'server_id'],
  project_user: ['id', 'project_id', 'user_id'],
  monitor: [
    'id',
    'namespace_id',
    'name',
    'type',
    'target',
    'second',
    'times',
    'silent_cycle',
    'description',
    'notify_type',
    'notify_target',
    'state',
    'error_content',
    'success_server_id',
    'success_script',
    'fail_server_id',
    'fail_script',
  ],
  server_monitor: [
    'id',
    'server_id',
    'item',
    'formula',
    'operator',
    'value',
    'group_cycle',
    'last_cycle',
    'silent_cycle',
    'start_time',
    'end_time',
    'notify_type',
    'notify_target',
  ],
  cron: [
    'id',
    'server_id',
    'expression',
    'command',
    'single_mode',
    'log_level',
    'description',
    'creator',
    'editor',
    'state',
  ],
  server_process: ['id', 'namespace_id', 'name', 'items'],
  template: ['id', 'type', 'name', 'content', 'description'],
  project_process: ['id', 'project_id', 'name', 'start', 'stop', 'status', 'restart'],
  project_file: ['id', 'project_id', 'filename'],
  notification_template: [
    'id',
    'type',
    'use_by',
    'title',
    'template',
    'insert_time',
    'update_time',
  ],
  project_task: [
    'id',
    'project_id',
    'commit',
    'branch',
    'date',
    'state',
    'is_run',
    'creator_id',
    'creator',
    'editor_id',
    'editor',
    'insert_time',
    'update_time',
  ],
  project_review: [
    'id',
    'project_id',
    'commit_id',
    'branch',
    'review_url',
    'state',
    'creator_id',
    'creator',
    'editor_id',
    'editor',
    'insert_time',
    'update_time',
  ],
  publish_trace: [
    'id',
    'token',
    'project_id',
    'project_name',
    'detail',
    'state',
    'publisher_id',
    'publisher_name',
    'type',
    'ext',
    'insert_time',
    'update_time',
  ],
  login_log: ['id', 'account', 'remote_addr', 'user_agent', 'referer', 'reason', 'login_time'],
  operation_log: [
    'id',
    'user_id',
    'namespace_id',
    'router',
    'api',
    'request_time',
    'request_data',
    'response_time',
    'response_data',
  ],
  sftp_log: [
    'id',
    'namespace_id',
    'user_id',
    'server_id',
    'remote_addr',
    'user_agent',
    'type',
    'path',
    'reason',
    'insert_time',
  ],
  terminal_log: [
    'id',
    'namespace_id',
    'user_id',
    'server_id',
    'remote_addr',
    'user_agent',
    'start_time',
    'end_time',
  ],
  cron_log: ['id', 'cron_id', 'server_id', 'exec_code', 'message', 'report_time'],
} as const;

export type GoployTable = keyof typeof GOPLOY_COLUMNS;

/** goploy's logs: carried with `--with-logs` only; without it the report counts them. */
export const LOG_TABLES = [
  'login_log',
  'operation_log',
  'sftp_log',
  'terminal_log',
  'cron_log',
] as const satisfies readonly GoployTable[];

/**
 * goploy's tables the import leaves in goploy, and why: the report lists them with their row
 * counts, so nobody takes their absence for an empty table.
 */
export const NOT_CARRIED: Readonly<Record<string, string>> = {
  server_agent_log:
    "the agent's metrics samples: the console keeps raw samples 14 days and charts its own, collected from the start",
};
