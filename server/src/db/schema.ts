import type { Generated } from 'kysely';

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
  insert_time: number;
  update_time: number;
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

export interface Database {
  user: UserTable;
  namespace: NamespaceTable;
  namespace_user: NamespaceUserTable;
  role: RoleTable;
  permission: PermissionTable;
  role_permission: RolePermissionTable;
  session: SessionTable;
  login_log: LoginLogTable;
  login_failure: LoginFailureTable;
  operation_log: OperationLogTable;
  system_config: SystemConfigTable;
}
