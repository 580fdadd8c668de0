import type { Generated } from 'kysely';
import type { CronFenceTable, CronLogTable, CronTable } from './schema-cron.js';

/**
 * Table types. Names follow goploy's tables (reference §3) so its data can be imported; times are
 * epoch milliseconds in bigint columns, flags 0/1 integers.
 */
export interface UserTable {
  id: Generated<number>;
  account: string;
  password: string;
  name: string;
  contact: string;
  super_manager: number;
  state: number;
  /** Sealed with the secret box; shown only to its owner. */
  api_key: Generated<string>;
  /** sha-256 of the API key, for look-up. */
  api_key_hash: Generated<string>;
  /** null: the password must be changed at the next login. */
  password_update_time: number | null;
  last_login_time: number | null;
  /** The namespace last worked in (0: none yet); sign-in proposes it. */
  last_namespace_id: Generated<number>;
  insert_time: number;
  update_time: number;
  /**
   * '' super manager (or not) by hand; `ldap` or `oidc`: made super manager by a directory group
   * at an LDAP or OpenID Connect sign-in.
   */
  super_manager_origin: Generated<string>;
  /** `iss sub` of the OpenID Connect member signed in as this user; '' when none yet. */
  oidc_subject: Generated<string>;
}

export interface NamespaceTable {
  id: Generated<number>;
  name: string;
  insert_time: number;
  update_time: number;
}

export interface NamespaceUserTable {
  id: Generated<number>;
  namespace_id: number;
  user_id: number;
  /** 0 for super managers, who hold every permission anyway. */
  role_id: number;
  insert_time: number;
  update_time: number;
  /** '' given by hand in Ferry; `ldap`: from the directory's groups, kept in line at sign-in. */
  origin: Generated<string>;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  description: string;
  insert_time: number;
  update_time: number;
}

export interface PermissionTable {
  id: number;
  pid: number;
  name: string;
  sort: number;
  description: string;
}

export interface RolePermissionTable {
  id: Generated<number>;
  role_id: number;
  permission_id: number;
  insert_time: number;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expire_time: number;
  last_seen_time: number;
  remote_addr: string;
  user_agent: string;
  insert_time: number;
  /** How the session was opened: `local`, `ldap`, `link`, `dingtalk`, `feishu`. */
  provider: Generated<string>;
  /** When the directory last let an LDAP session's member stay (0: not since sign-in). */
  checked_time: Generated<number>;
}

/** Which directory group gives which namespace and role, or super manager (decision 0049). */
export interface DirectoryMappingTable {
  id: Generated<number>;
  group_name: string;
  super_manager: number;
  namespace_id: number;
  role_id: number;
  /** `env`: from FERRY_DIRECTORY_ROLES, replaced at each start; '': made on the settings page. */
  origin: string;
  insert_time: number;
  update_time: number;
}

/** A member's scoped API key: only its hash is kept; the id lists are JSON. */
export interface ApiKeyTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  key_hash: string;
  key_prefix: string;
  namespace_ids: string;
  project_ids: string;
  role_id: number;
  expire_time: number;
  last_use_time: Generated<number>;
  last_use_ip: Generated<string>;
  /** 0 while the key works. */
  revoke_time: Generated<number>;
  insert_time: number;
}

export interface LoginLogTable {
  id: Generated<number>;
  account: string;
  remote_addr: string;
  user_agent: string;
  referer: string;
  /** Empty on success, else why the attempt failed. */
  reason: string;
  login_time: number;
  /** `local`, `ldap` or `link` (a signed login link). */
  provider: Generated<string>;
}

export interface LoginFailureTable {
  account: string;
  failures: number;
  window_start: number;
  locked_until: number;
}

export interface OperationLogTable {
  id: Generated<number>;
  user_id: number;
  namespace_id: number;
  router: string;
  api: string;
  request_time: number;
  request_data: string;
  response_time: number;
  response_data: string;
}

export interface SystemConfigTable {
  id: Generated<number>;
  key: string;
  value: string;
}

/** Secrets (`password`, `private_key`, `passphrase` and the jump ones) are sealed, '' when none. */
export interface ServerTable {
  id: Generated<number>;
  /** 0: shared by every namespace. */
  namespace_id: number;
  name: string;
  ip: string;
  port: number;
  owner: string;
  /** password | key | keyFile | consoleKey */
  auth_type: string;
  /** A private-key file on the console host (auth_type keyFile). */
  path: string;
  password: string;
  private_key: string;
  passphrase: string;
  /** '' = no jump host. */
  jump_ip: string;
  jump_port: number;
  jump_owner: string;
  jump_auth_type: string;
  jump_path: string;
  jump_password: string;
  jump_private_key: string;
  jump_passphrase: string;
  /** Trusted host-key fingerprint (`SHA256:…`); '' until the first connection. */
  host_key: string;
  /** A different key the server presented; connections are refused until it is accepted. */
  pending_host_key: string;
  jump_host_key: string;
  pending_jump_host_key: string;
  os: string;
  /** `PRETTY_NAME|cpu count|MemTotal kB`, as goploy. */
  os_info: string;
  description: string;
  state: number;
  last_check_time: number | null;
  last_check_error: string;
  insert_time: number;
  update_time: number;
}

export interface TerminalLogTable {
  id: Generated<number>;
  namespace_id: number;
  user_id: number;
  server_id: number;
  remote_addr: string;
  user_agent: string;
  /** The compressed asciicast file, relative to the data dir; '' when none was written. */
  record_file: string;
  start_time: number;
  end_time: number | null;
  /** 1 once retention removed the recording (`record_file` is then ''). */
  record_pruned: Generated<number>;
}

/** A project file ("file sync"): `content` sealed by the console's secret box. */
export interface ProjectFileTable {
  id: Generated<number>;
  project_id: number;
  /** Relative to the working copy (contract `projectFilePathProblem`). */
  filename: string;
  /** Sealed: the text, or the bytes in base64 where `is_binary` is 1. */
  content: string;
  /** Bytes of the content in clear. */
  size: number;
  /** 1: bytes that are not UTF-8 text (uploaded only, never edited as text). */
  is_binary: Generated<number>;
  creator_id: number;
  creator: string;
  editor_id: number;
  editor: string;
  insert_time: number;
  update_time: number;
}

/** A batch script or process command run on a set of servers (contract `RUN_KINDS`). */
export interface RemoteRunTable {
  id: Generated<number>;
  namespace_id: number;
  user_id: number;
  username: string;
  kind: string;
  title: string;
  interpreter: string;
  /** The script as written, before the server variables were substituted. */
  script: string;
  timeout_s: number;
  /** Contract `RUN_STATES`. */
  state: string;
  insert_time: number;
  /** 0 while it runs. */
  finish_time: number;
  /** Renewed while the console running it is alive. */
  heartbeat_time: number;
  /** The project of a project process run; null for other kinds. */
  project_id: number | null;
  /** The server process group or project process that ran; null for batch scripts. */
  process_id: number | null;
  /** Which of its commands ran: the button's name, or status, start, stop or restart. */
  process_item: string | null;
}

/** One server's part of a remote run. */
export interface RemoteRunServerTable {
  id: Generated<number>;
  run_id: number;
  server_id: number;
  server_name: string;
  server_ip: string;
  /** Contract `RUN_SERVER_STATES`. */
  state: string;
  exit_code: number | null;
  error: string;
  /** stdout and stderr in arrival order, at most `RUN_OUTPUT_CAP_BYTES` (a line marks a cut). */
  output: string;
  output_bytes: number;
  duration_ms: number;
  /** 1 once a user asked to stop it (any console may ask; the one running it stops it). */
  stop_requested: number;
}

/** One file-manager action (goploy's sftp_log, plus `state` and `detail`). */
export interface SftpLogTable {
  id: Generated<number>;
  namespace_id: number;
  user_id: number;
  server_id: number;
  remote_addr: string;
  user_agent: string;
  /** One of the contract's `SFTP_LOG_TYPES`. */
  type: string;
  path: string;
  /** 1 succeeded, 0 failed. */
  state: number;
  /** Why it failed; '' when it succeeded. */
  reason: string;
  detail: string;
  insert_time: number;
}

/**
 * A project. Repository secrets (`repo_token`, `repo_private_key`) are sealed, '' when none, and
 * used only for `repo_credential_origin` (scheme://host:port of the address they were saved for).
 * `state` 0 = removed: the row stays for the publish history.
 */
export interface ProjectTable {
  id: Generated<number>;
  namespace_id: number;
  name: string;
  /** git | svn | ftp | sftp | empty */
  repo_type: string;
  url: string;
  /** none | token | key | consoleKey */
  repo_auth_type: string;
  repo_username: string;
  repo_token: string;
  repo_private_key: string;
  repo_credential_origin: string;
  /** 1: an FTPS source's certificate is not checked (the project asked for it). */
  repo_tls_skip_verify: Generated<number>;
  /** Comma-separated. */
  label: string;
  path: string;
  environment: number;
  branch: string;
  symlink_path: string;
  symlink_backup_number: number;
  review: number;
  review_url: string;
  /** JSON: afterPull, afterDeploy, deployFinish `{mode, content}` and customVariables. */
  script: string;
  transfer_type: string;
  transfer_option: string;
  deploy_server_mode: string;
  max_parallel_servers: number;
  /** Seconds. */
  build_timeout: number;
  transfer_timeout: number;
  after_deploy_timeout: number;
  auto_deploy: number;
  state: number;
  deploy_state: number;
  publisher_id: number;
  publisher_name: string;
  last_publish_token: string;
  notify_type: number;
  notify_target: string;
  /** Sealed: the channel's signing secret (DingTalk, Feishu, custom); '' when none. */
  notify_secret: string;
  /** Sealed: the secret webhook deliveries are signed with; '' when none (unsigned accepted). */
  webhook_secret: string;
  insert_time: number;
  update_time: number;
}

export interface ProjectServerTable {
  id: Generated<number>;
  project_id: number;
  server_id: number;
  insert_time: number;
  update_time: number;
}

export interface ProjectUserTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  insert_time: number;
  update_time: number;
}

/**
 * One unit of background work (a deploy). Jobs with the same `group_key` run one at a time, in id
 * order. `status`: queued | running | succeeded | failed | cancelled.
 */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  group_key: string;
  namespace_id: number;
  /** The deploy's publish token ('' for other kinds). */
  token: string;
  /** JSON, read by the job's handler. */
  payload: string;
  status: string;
  error: string;
  insert_time: number;
  start_time: number | null;
  end_time: number | null;
  /** 1 once retention removed the deploy's full log (its trace rows stay). */
  log_pruned: Generated<number>;
  /** The console running it ('' when none) and until when its lease holds (epoch ms). */
  lease_owner: Generated<string>;
  lease_until: Generated<number>;
  /** A cancel asked on a console that does not run the job ('' when none). */
  cancel_reason: Generated<string>;
  /** The stage a running deploy entered last ('' before the first) and when (epoch ms). */
  stage: Generated<string>;
  stage_since: Generated<number>;
}

/** The SSH key pair the consoles on one PostgreSQL database share (decision 0044). */
export interface ConsoleKeyTable {
  name: string;
  /** The private key in OpenSSH form, sealed with the secret key. */
  sealed_private_key: string;
  public_key: string;
  insert_time: number;
}

/** A pass run once per period over all consoles (decision 0044). */
export interface ScheduledPassTable {
  name: string;
  /** When the next period may be taken (epoch ms). */
  next_run: number;
}

/** Work one at a time per key over all consoles, held under a lease (decision 0044). */
export interface ClusterLockTable {
  key: string;
  owner: string;
  lease_until: number;
}

/** A rate limit's counter: one address on one route in the current window (decision 0044). */
export interface RateCountTable {
  key: string;
  count: number;
  reset_at: number;
}

/** Something that must hold across consoles for a short while (decision 0044). */
export interface ShortLivedTable {
  kind: string;
  /** SHA-256 of the key, hex. */
  key_hash: string;
  value: string;
  expires_at: number;
}

/** A message between consoles too large for a notification (decision 0044). */
export interface ClusterMessageTable {
  id: Generated<number>;
  body: string;
  insert_time: number;
}

/** One console process on this database and its heartbeat (decision 0044). */
export interface ConsoleNodeTable {
  id: string;
  host: string;
  pid: number;
  version: string;
  started: number;
  last_seen: number;
  /** 1 once it stopped claiming work (SIGTERM). */
  draining: Generated<number>;
}

/**
 * A local process group a running job started (each program leads its own), with what tells it
 * apart from a later group of the same number. Removed when the program ends.
 */
export interface JobProcessGroupTable {
  id: Generated<number>;
  job_id: number;
  pgid: number;
  /** The leader's start time in clock ticks since boot (/proc/<pid>/stat). */
  start_ticks: string;
  boot_id: string;
  insert_time: number;
}

/**
 * goploy's record of one deploy stage (and server). `state` 0 failed / 1 succeeded; `type` 0 queue,
 * 2 pull, 3 after pull, 5 transfer, 6 after deploy, 7 deploy finish, 8 publish finish; `ext` JSON
 * per type; `detail` the stage's output (capped, failed rows are what goploy shows).
 */
export interface PublishTraceTable {
  id: Generated<number>;
  token: string;
  namespace_id: number;
  project_id: number;
  project_name: string;
  detail: string;
  state: number;
  publisher_id: number;
  publisher_name: string;
  type: number;
  /** The server a transfer or after-deploy row is about; 0 for the others. */
  server_id: number;
  ext: string;
  insert_time: number;
  update_time: number;
}

/**
 * A release directory the engine created under a project's symlink path on one server. `state` 0
 * once pruned. Pruning removes only directories listed here.
 */
export interface ProjectReleaseTable {
  id: Generated<number>;
  project_id: number;
  server_id: number;
  /** The directory name under the symlink path (the publish token that created it). */
  name: string;
  /** The deploy that last linked it (a rollback re-links an older release). */
  token: string;
  state: number;
  /** 0 from before the transfer until the deploy path is switched to it, then 1. */
  complete: Generated<number>;
  last_used_time: number;
  insert_time: number;
}

/** What the last sftp transfer of a project left on a server (see `manifestToJson`). */
export interface TransferManifestTable {
  id: Generated<number>;
  project_id: number;
  server_id: number;
  /** The directory the entries describe. */
  dest: string;
  entries: string;
  update_time: number;
}

/** A namespace's template for one channel (1-3) and use (deploy, monitor, server_monitor). */
export interface NotificationTemplateTable {
  id: Generated<number>;
  namespace_id: number;
  type: number;
  use_by: string;
  title: string;
  template: string;
  insert_time: number;
  update_time: number;
}

/**
 * One message in the outbox. `state`: pending | sent | failed (tries used up). A console claims a
 * due row by setting `lease_owner` and `lease_until` in one conditional update. `target` and
 * `secret` are sealed; `target_host` is what the delivery log shows of the address.
 */
export interface NotificationDeliveryTable {
  id: Generated<number>;
  namespace_id: number;
  project_id: number;
  project_name: string;
  use_by: string;
  subject: string;
  channel: number;
  target: string;
  target_host: string;
  secret: string;
  title: string;
  body: string;
  state: string;
  attempts: number;
  next_attempt_time: number;
  lease_owner: string;
  lease_until: number;
  last_error: string;
  creator: string;
  insert_time: number;
  update_time: number;
  sent_time: number;
}

/** One try to deliver a message: the HTTP status and the channel's own code and message. */
export interface NotificationAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  http_status: number;
  code: string;
  message: string;
  duration_ms: number;
  insert_time: number;
}

/** goploy's creator and editor columns, with the row's times (epoch ms). */
export interface AuthoredColumns {
  creator_id: number;
  creator: string;
  editor_id: number;
  editor: string;
  insert_time: number;
  update_time: number;
}

/**
 * A publish waiting for a reviewer (goploy's project_review). `state` 0 waiting, 1 approved, 2
 * rejected; `payload` the publish request it runs as when approved; `deploy_token` the deploy it
 * became.
 */
export interface ProjectReviewTable extends AuthoredColumns {
  id: Generated<number>;
  namespace_id: number;
  project_id: number;
  branch: string;
  commit_id: string;
  review_url: string;
  state: number;
  reason: string;
  payload: string;
  deploy_token: string;
}

/**
 * A scheduled deploy (goploy's project_task, plus ours): one-off at `date`, or repeating on `cron`
 * (then `date` is 0). `state` 1 active / 0 removed; `next_run` the due time (0: never again);
 * `last_*` what the last run did; `lease_*` the claim of the console running it (infra/jobs/lease).
 */
export interface ProjectTaskTable extends AuthoredColumns {
  id: Generated<number>;
  namespace_id: number;
  project_id: number;
  branch: string;
  commit_id: string;
  date: number;
  cron: string;
  state: number;
  is_run: number;
  next_run: number;
  last_run: number;
  late: number;
  last_token: string;
  last_result: string;
  last_error: string;
  lease_owner: string;
  lease_until: number;
}

/**
 * One call of `/deploy/webhook` that named an existing project: what it was, whether it started a
 * deploy (`deploy_token`) or why not (`reason`, a stable id). Per project, the last 200 signed
 * ones are kept, and the last 20 refused before they were proven signed and new (decision 0036).
 */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  namespace_id: number;
  project_id: number;
  /** github | gitlab | gitee | codeup | svn | unknown */
  provider: string;
  event: string;
  delivery_id: string;
  branch: string;
  commit_id: string;
  /** 1 when a deploy was queued. */
  accepted: number;
  reason: string;
  deploy_token: string;
  remote_addr: string;
  insert_time: number;
}

/** A hash of what makes a signed push the one it is, refused again until pruned (7 days). */
export interface WebhookClaimTable {
  project_id: number;
  claim: string;
  claim_time: number;
}

/** How many calls of a project's webhook came without a valid signature, and the last one's time. */
export interface WebhookUnsignedCallTable {
  project_id: number;
  calls: number;
  last_time: number;
}

/** A saved script of the Script page (goploy's template), per namespace. */
export interface TemplateTable {
  id: Generated<number>;
  namespace_id: number;
  type: number;
  name: string;
  /** bash | sh | python */
  interpreter: string;
  content: string;
  description: string;
  insert_time: number;
  update_time: number;
}

/** A namespace's group of named commands (goploy's server_process); `items` is JSON text. */
export interface ServerProcessTable {
  id: Generated<number>;
  namespace_id: number;
  name: string;
  items: string;
  insert_time: number;
  update_time: number;
}

/** A project's process and its shell commands (goploy's project_process), '' where none. */
export interface ProjectProcessTable {
  id: Generated<number>;
  namespace_id: number;
  project_id: number;
  name: string;
  status: string;
  start: string;
  stop: string;
  restart: string;
  insert_time: number;
  update_time: number;
}

/**
 * An application monitor (goploy's monitor, reference §3, plus ours). `target` is the JSON text of
 * the contract's MonitorTarget; `state` 1 checked / 0 paused. The engine's state: `status` (the
 * contract's MonitorState), `fail_count` failed checks in a row, `down_since` the first failed
 * check of the streak, `last_alert_time` and `alerts_sent` of the outage, `incident_id` the open
 * outage (0 none); `next_check` the due time, taken by a conditional update; `lease_*` the claim
 * of the console whose check is under way (infra/jobs/lease).
 */
export interface MonitorTable {
  id: Generated<number>;
  namespace_id: number;
  name: string;
  type: number;
  target: string;
  second: number;
  times: number;
  silent_cycle: number;
  notify_type: number;
  notify_target: string;
  notify_times: number;
  description: string;
  error_content: string;
  state: number;
  success_server_id: number;
  success_script: string;
  success_script_always: number;
  fail_server_id: number;
  fail_script: string;
  fail_script_always: number;
  status: string;
  fail_count: number;
  down_since: number;
  last_alert_time: number;
  alerts_sent: number;
  incident_id: number;
  last_check_time: number;
  last_latency_ms: number;
  last_error: string;
  next_check: number;
  lease_owner: string;
  lease_until: number;
  version: number;
  insert_time: number;
  update_time: number;
}

/** One check's result; `message` only when it failed (null otherwise, to stay small). */
export interface MonitorCheckTable {
  monitor_id: number;
  time: number;
  ok: number;
  latency_ms: number;
  message: string | null;
}

/** The checks of a minute (`span` 60) or an hour (`span` 3600) from `time`. */
export interface MonitorRollupTable {
  monitor_id: number;
  span: number;
  time: number;
  checks: number;
  failures: number;
  latency_min: number;
  latency_sum: number;
  latency_max: number;
}

/** An outage: from the first failed check (`start_time`) to the passing one (`end_time`, 0 open). */
export interface MonitorIncidentTable {
  id: Generated<number>;
  monitor_id: number;
  namespace_id: number;
  start_time: number;
  end_time: number;
  error: string;
  alerts_sent: number;
  recovery_sent: number;
  fail_script_output: string;
  success_script_output: string;
}

/** A raw metric sample (reference §3 `server_agent_log`, as a number): `time` epoch ms. */
export interface ServerMetricTable {
  server_id: number;
  item: string;
  time: number;
  /** The contract's MetricType (goploy's chart type 1-8). */
  type: number;
  value: number;
}

/** An item's samples in the bucket of `span` seconds starting at `time` (epoch ms). */
export interface ServerMetricRollupTable {
  server_id: number;
  span: number;
  item: string;
  time: number;
  type: number;
  count: number;
  min: number;
  sum: number;
  max: number;
}

/**
 * How a server's metrics are collected (`mode`: the contract's MetricMode, every `interval_s`),
 * the pull scheduler's `next_collect` and claim, the last collection (`state`: MetricSourceState),
 * and the push agent (`agent_state`: AgentState; `agent_key` sealed; `agent_path` its directory on
 * the server; `agent_time` when it was last installed or removed). A server without a row is
 * collected as the defaults say.
 */
export interface ServerMetricSourceTable {
  server_id: number;
  mode: Generated<string>;
  interval_s: Generated<number>;
  state: Generated<string>;
  last_sample_time: Generated<number>;
  last_error: Generated<string>;
  next_collect: Generated<number>;
  lease_owner: Generated<string>;
  lease_until: Generated<number>;
  agent_state: Generated<string>;
  agent_key: Generated<string>;
  agent_path: Generated<string>;
  agent_error: Generated<string>;
  agent_time: Generated<number>;
  update_time: Generated<number>;
}

/** The signature of an accepted agent report, refused again until `expires` (epoch ms). */
export interface AgentReportSeenTable {
  server_id: number;
  sign: string;
  expires: number;
}

/**
 * A server warning rule (goploy's `server_monitor`, reference §7.9) of a namespace, with the
 * evaluation's state (`state`: the contract's RuleState, `breach_count` breaching windows in a
 * row, the last aggregated value and evaluation, the last alert) and its claim (`next_eval`).
 */
export interface ServerWarningRuleTable {
  id: Generated<number>;
  namespace_id: number;
  server_id: number;
  item: string;
  formula: string;
  operator: string;
  value: number;
  group_cycle: number;
  last_cycle: number;
  silent_cycle: number;
  start_time: Generated<string>;
  end_time: Generated<string>;
  notify_type: Generated<number>;
  notify_target: Generated<string>;
  state: Generated<string>;
  breach_count: Generated<number>;
  last_value: number | null;
  last_eval_time: Generated<number>;
  last_alert_time: Generated<number>;
  next_eval: Generated<number>;
  lease_owner: Generated<string>;
  lease_until: Generated<number>;
  creator_id: Generated<number>;
  creator: Generated<string>;
  insert_time: number;
  update_time: number;
}

/** The nginx binary typed for a server (migration 0023), used when no running master is found. */
export interface ServerNginxTable {
  server_id: number;
  binary: string;
  prefix: Generated<string>;
  conf: Generated<string>;
  error_log: Generated<string>;
  editor_id: number;
  editor: string;
  update_time: number;
}

/** A stored content of a server's nginx configuration file (`action`: NginxVersionAction). */
export interface NginxConfigVersionTable {
  id: Generated<number>;
  server_id: number;
  path: string;
  content: string;
  action: string;
  size: number;
  creator_id: number;
  creator: string;
  insert_time: number;
}

/** A goploy row the import carried over, and the Ferry row it became (decision 0045). */
export interface GoployImportTable {
  /** goploy's table name. */
  source_table: string;
  source_id: number;
  target_id: number;
  /** sha-256 of the goploy row as read, to tell a row changed in goploy since. */
  digest: string;
  import_time: number;
}

export interface Database {
  user: UserTable;
  namespace: NamespaceTable;
  namespace_user: NamespaceUserTable;
  role: RoleTable;
  permission: PermissionTable;
  role_permission: RolePermissionTable;
  session: SessionTable;
  login_log: LoginLogTable;
  directory_mapping: DirectoryMappingTable;
  api_key: ApiKeyTable;
  login_failure: LoginFailureTable;
  operation_log: OperationLogTable;
  system_config: SystemConfigTable;
  server: ServerTable;
  terminal_log: TerminalLogTable;
  sftp_log: SftpLogTable;
  project: ProjectTable;
  project_server: ProjectServerTable;
  project_user: ProjectUserTable;
  job: JobTable;
  console_node: ConsoleNodeTable;
  cluster_message: ClusterMessageTable;
  short_lived: ShortLivedTable;
  rate_count: RateCountTable;
  cluster_lock: ClusterLockTable;
  scheduled_pass: ScheduledPassTable;
  console_key: ConsoleKeyTable;
  job_process_group: JobProcessGroupTable;
  publish_trace: PublishTraceTable;
  project_release: ProjectReleaseTable;
  transfer_manifest: TransferManifestTable;
  notification_template: NotificationTemplateTable;
  notification_delivery: NotificationDeliveryTable;
  notification_attempt: NotificationAttemptTable;
  project_review: ProjectReviewTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_claim: WebhookClaimTable;
  webhook_unsigned_call: WebhookUnsignedCallTable;
  project_task: ProjectTaskTable;
  remote_run: RemoteRunTable;
  project_file: ProjectFileTable;
  remote_run_server: RemoteRunServerTable;
  template: TemplateTable;
  server_process: ServerProcessTable;
  project_process: ProjectProcessTable;
  monitor: MonitorTable;
  monitor_check: MonitorCheckTable;
  monitor_rollup: MonitorRollupTable;
  monitor_incident: MonitorIncidentTable;
  server_metric: ServerMetricTable;
  server_metric_rollup: ServerMetricRollupTable;
  server_metric_source: ServerMetricSourceTable;
  agent_report_seen: AgentReportSeenTable;
  server_warning_rule: ServerWarningRuleTable;
  cron: CronTable;
  cron_log: CronLogTable;
  cron_fence: CronFenceTable;
  server_nginx: ServerNginxTable;
  nginx_config_version: NginxConfigVersionTable;
  goploy_import: GoployImportTable;
}
