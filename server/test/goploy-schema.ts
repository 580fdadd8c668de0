import mysql, { type Connection } from 'mysql2/promise';

/**
 * goploy 1.17's tables (reference/goploy-behaviour.md §3), written after its `database/goploy.sql`
 * at v1.17.5: the same names, column types, defaults and keys, InnoDB and utf8mb4. MariaDB reads
 * `json` as longtext checked by json_valid(). As in MySQL's strict mode, JSON and TEXT NOT NULL
 * columns have no default: a row must give them.
 */
export const GOPLOY_TABLES = [
  'user',
  'namespace',
  'namespace_user',
  'role',
  'permission',
  'role_permission',
  'project',
  'project_server',
  'project_user',
  'project_file',
  'project_task',
  'project_review',
  'project_process',
  'publish_trace',
  'server',
  'server_agent_log',
  'server_monitor',
  'server_process',
  'cron',
  'cron_log',
  'monitor',
  'template',
  'notification_template',
  'system_config',
  'login_log',
  'operation_log',
  'sftp_log',
  'terminal_log',
] as const;

export type GoployTable = (typeof GOPLOY_TABLES)[number];

const ID = 'int unsigned not null auto_increment';
const UINT = 'int unsigned not null default 0';
const TINY = 'tinyint unsigned not null default 0';
const STR = "varchar(255) not null default ''";
const INSERTED = 'datetime not null default current_timestamp';
const UPDATED = 'datetime not null default current_timestamp on update current_timestamp';

/** Columns in order (name → type), then keys; the primary key is `id`. */
type Columns = Record<string, string>;

const TABLES: Record<GoployTable, { columns: Columns; keys?: string[] }> = {
  user: {
    columns: {
      id: ID,
      account: "varchar(30) not null default ''",
      password: "varchar(60) not null default ''",
      password_update_time: 'datetime default null',
      name: "varchar(30) not null default ''",
      contact: STR,
      state: 'tinyint(1) not null default 1',
      insert_time: INSERTED,
      update_time: UPDATED,
      last_login_time: 'datetime default null',
      super_manager: TINY,
      api_key: "char(32) not null default ''",
    },
  },
  namespace: {
    columns: {
      id: ID,
      name: "varchar(20) not null default ''",
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['unique key uk_name (name)'],
  },
  namespace_user: {
    columns: {
      id: ID,
      namespace_id: 'int unsigned not null',
      user_id: 'int unsigned not null',
      role_id: UINT,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['unique key uk_namespace_user (namespace_id, user_id)'],
  },
  role: {
    columns: {
      id: ID,
      name: "varchar(20) not null default ''",
      description: STR,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['unique key uk_name (name)'],
  },
  permission: {
    columns: {
      id: ID,
      pid: UINT,
      name: "varchar(100) not null default ''",
      sort: 'int not null default 0',
      description: STR,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['unique key uk_name (name)', 'key idx_pid (pid)'],
  },
  role_permission: {
    columns: {
      id: ID,
      role_id: 'int unsigned not null',
      permission_id: 'int unsigned not null',
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['unique key uk_role_permission (role_id, permission_id)'],
  },
  project: {
    columns: {
      id: ID,
      namespace_id: UINT,
      name: STR,
      repo_type: STR,
      url: STR,
      path: STR,
      symlink_path: STR,
      symlink_backup_number: TINY,
      environment: TINY,
      branch: "varchar(255) not null default 'master'",
      label: "varchar(6382) not null default ''",
      review: TINY,
      review_url: "varchar(1000) not null default ''",
      script: 'json not null',
      transfer_type: STR,
      transfer_option: STR,
      deploy_server_mode: STR,
      // goploy's own default: a project made by its add route has its webhook on.
      auto_deploy: 'tinyint unsigned not null default 1',
      state: 'tinyint unsigned not null default 1',
      deploy_state: TINY,
      publisher_id: UINT,
      publisher_name: STR,
      last_publish_token: "char(36) not null default ''",
      notify_type: TINY,
      notify_target: STR,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
  },
  project_server: {
    columns: {
      id: ID,
      project_id: UINT,
      server_id: UINT,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['unique key uk_project_server (project_id, server_id)'],
  },
  project_user: {
    columns: {
      id: ID,
      project_id: UINT,
      user_id: UINT,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['unique key uk_project_user (project_id, user_id)'],
  },
  project_file: {
    columns: {
      id: ID,
      project_id: 'int unsigned not null',
      filename: STR,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['key idx_project_id (project_id)'],
  },
  project_task: {
    columns: {
      id: ID,
      project_id: UINT,
      commit: "char(40) not null default ''",
      branch: STR,
      date: 'datetime default null',
      state: 'tinyint unsigned not null default 1',
      is_run: TINY,
      creator_id: UINT,
      creator: STR,
      editor_id: UINT,
      editor: STR,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['key idx_project_update (project_id, update_time)'],
  },
  project_review: {
    columns: {
      id: ID,
      project_id: UINT,
      commit_id: "char(40) not null default ''",
      branch: STR,
      review_url: "varchar(1000) not null default ''",
      state: TINY,
      creator_id: UINT,
      creator: STR,
      editor_id: UINT,
      editor: STR,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
  },
  project_process: {
    columns: {
      id: ID,
      project_id: UINT,
      name: STR,
      start: STR,
      stop: STR,
      status: STR,
      restart: STR,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
  },
  publish_trace: {
    columns: {
      id: ID,
      token: "char(36) not null default ''",
      project_id: UINT,
      project_name: STR,
      detail: 'longtext not null',
      state: 'tinyint unsigned not null default 1',
      publisher_id: UINT,
      publisher_name: STR,
      type: TINY,
      insert_time: INSERTED,
      update_time: UPDATED,
      ext: 'longtext not null',
    },
    keys: ['key idx_project_id (project_id)', 'key idx_token (token)'],
  },
  server: {
    columns: {
      id: ID,
      namespace_id: UINT,
      name: STR,
      ip: STR,
      port: 'smallint unsigned not null default 22',
      owner: STR,
      path: STR,
      password: STR,
      jump_ip: STR,
      jump_port: 'smallint unsigned not null default 0',
      jump_owner: STR,
      jump_path: STR,
      jump_password: STR,
      os: STR,
      os_info: STR,
      description: STR,
      insert_time: INSERTED,
      update_time: UPDATED,
      state: 'tinyint unsigned not null default 1',
    },
    keys: ['unique key uk_namespace_ip (namespace_id, ip)'],
  },
  server_agent_log: {
    columns: {
      id: 'bigint unsigned not null auto_increment',
      server_id: UINT,
      type: TINY,
      item: STR,
      value: STR,
      report_time: 'datetime not null',
      insert_time: INSERTED,
    },
    keys: [
      'key idx_server_type_item_time (server_id, type, item, report_time)',
      'key idx_server_item_time (server_id, item, report_time)',
    ],
  },
  server_monitor: {
    columns: {
      id: ID,
      server_id: UINT,
      item: STR,
      formula: STR,
      operator: STR,
      value: STR,
      group_cycle: UINT,
      last_cycle: UINT,
      silent_cycle: UINT,
      start_time: "char(5) not null default ''",
      end_time: "char(5) not null default ''",
      notify_type: TINY,
      notify_target: STR,
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['key idx_server_item (server_id, item)'],
  },
  server_process: {
    columns: {
      id: ID,
      namespace_id: 'int unsigned not null',
      name: STR,
      items: 'json default null',
      insert_time: INSERTED,
      update_time: UPDATED,
    },
    keys: ['key idx_namespace (namespace_id)'],
  },
  cron: {
    columns: {
      id: ID,
      server_id: UINT,
      expression: STR,
      command: STR,
      single_mode: TINY,
      log_level: TINY,
      description: STR,
      creator: STR,
      editor: STR,
      state: 'tinyint unsigned not null default 1',
      insert_time: INSERTED,
      update_time: UPDATED,
    },
  },
  cron_log: {
    columns: {
      id: ID,
      cron_id: UINT,
      server_id: UINT,
      exec_code: 'int not null default 0',
      message: 'text not null',
      report_time: 'datetime not null',
      insert_time: INSERTED,
    },
    keys: ['key idx_cron (cron_id)', 'key idx_server_cron (server_id, cron_id)'],
  },
  monitor: {
    columns: {
      id: ID,
      namespace_id: 'int unsigned not null',
      name: 'varchar(255) not null',
      type: 'smallint unsigned not null default 0',
      target: 'json not null',
      second: 'int unsigned not null default 1',
      times: 'smallint unsigned not null default 1',
      silent_cycle: UINT,
      description: STR,
      notify_type: TINY,
      notify_target: STR,
      state: 'tinyint unsigned not null default 1',
      error_content: "varchar(1000) not null default ''",
      success_server_id: UINT,
      success_script: 'text not null',
      fail_server_id: UINT,
      fail_script: 'text not null',
      insert_time: INSERTED,
      update_time: UPDATED,
    },
  },
  template: {
    columns: {
      id: ID,
      type: TINY,
      name: STR,
      content: 'text not null',
      description: "varchar(2047) not null default ''",
      insert_time: INSERTED,
      update_time: UPDATED,
    },
  },
  notification_template: {
    columns: {
      id: ID,
      type: TINY,
      use_by: STR,
      title: STR,
      template: 'text not null',
      insert_time: INSERTED,
      update_time: UPDATED,
    },
  },
  system_config: {
    columns: { id: ID, key: STR, value: STR },
    keys: ['unique key udx_key (`key`)'],
  },
  login_log: {
    columns: {
      id: ID,
      account: "varchar(30) not null default ''",
      remote_addr: STR,
      user_agent: STR,
      referer: STR,
      reason: "varchar(2555) not null default ''",
      login_time: 'datetime not null',
      insert_time: INSERTED,
    },
  },
  operation_log: {
    columns: {
      id: ID,
      user_id: 'int unsigned not null',
      namespace_id: UINT,
      router: STR,
      api: STR,
      request_time: 'datetime',
      request_data: 'json',
      response_time: 'datetime',
      response_data: 'json',
    },
    keys: [
      'key idx_user_namespace (user_id, namespace_id)',
      'key idx_router (router)',
      'key idx_api (api)',
      'key idx_request_time (request_time)',
    ],
  },
  sftp_log: {
    columns: {
      id: ID,
      namespace_id: UINT,
      user_id: UINT,
      server_id: UINT,
      remote_addr: STR,
      user_agent: STR,
      type: 'varchar(20) not null',
      path: STR,
      reason: "varchar(2555) not null default ''",
      insert_time: INSERTED,
      update_time: UPDATED,
    },
  },
  terminal_log: {
    columns: {
      id: ID,
      namespace_id: UINT,
      user_id: UINT,
      server_id: UINT,
      remote_addr: STR,
      user_agent: STR,
      start_time: 'datetime not null',
      end_time: "datetime not null default '1970-01-01 00:00:00'",
      insert_time: INSERTED,
      update_time: UPDATED,
    },
  },
};

/** The `create table` statement of one table; every column name quoted (`key`, `commit`, …). */
function createTable(name: GoployTable): string {
  const { columns, keys = [] } = TABLES[name];
  const lines = [
    ...Object.entries(columns).map(([column, type]) => `\`${column}\` ${type}`),
    'primary key (`id`)',
    ...keys,
  ];
  return (
    `create table \`${name}\` (\n  ${lines.join(',\n  ')}\n)` +
    ' engine=InnoDB default charset=utf8mb4 collate=utf8mb4_general_ci'
  );
}

/** The database URL of `name` on the server of `serverUrl` (`mysql://user:pw@host:port/`). */
export function goployDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates the database `name` (utf8mb4) with goploy 1.17's tables, empty, on the server of
 * `serverUrl`; answers the database's URL. `name` is a plain identifier (letters, digits, `_`).
 */
export async function createGoployDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^\w+$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const conn = await mysql.createConnection({ uri: serverUrl });
  try {
    await conn.query(
      `create database \`${name}\` character set utf8mb4 collate utf8mb4_general_ci`,
    );
    await conn.query(`use \`${name}\``);
    for (const table of GOPLOY_TABLES) await conn.query(createTable(table));
  } finally {
    await conn.end();
  }
  return goployDatabaseUrl(serverUrl, name);
}

/** One row to write: column → value (JSON columns as their text). */
export type GoployRow = Record<string, string | number | null>;

/** Writes rows that all have the same columns into one table. */
export type GoployInsert = (table: GoployTable, rows: GoployRow[]) => Promise<void>;

/** An insert on `conn` that counts the rows it writes per table in `counts`. */
export function goployInsert(conn: Connection, counts: Record<GoployTable, number>): GoployInsert {
  return async (table, rows) => {
    const columns = Object.keys(rows[0] ?? {});
    for (const r of rows) {
      if (Object.keys(r).join() !== columns.join()) throw new Error(`${table}: uneven rows`);
    }
    await conn.query(
      `insert into \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) values ?`,
      [rows.map((r) => columns.map((c) => r[c]))],
    );
    counts[table] += rows.length;
  };
}

export const DAY = 24 * 60;

/** `minutes` before now (negative: after), as a MariaDB datetime in UTC. */
export function ago(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
