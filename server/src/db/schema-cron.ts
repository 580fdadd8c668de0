import type { Generated } from 'kysely';

/**
 * A cron job (goploy's `cron`, reference §7.6) of a namespace on a server: its line in Ferry's
 * block of the server's crontab (`state` 1) or kept in the console only (0).
 */
export interface CronTable {
  id: Generated<number>;
  namespace_id: number;
  server_id: number;
  expression: string;
  command: string;
  single_mode: Generated<number>;
  log_level: Generated<number>;
  description: Generated<string>;
  state: Generated<number>;
  notify_type: Generated<number>;
  notify_target: Generated<string>;
  creator_id: number;
  creator: string;
  editor_id: Generated<number>;
  editor: Generated<string>;
  insert_time: number;
  update_time: number;
}

/** A run of a job as its wrapper recorded it; `run_key` names the record file, once per server. */
export interface CronLogTable {
  id: Generated<number>;
  cron_id: number;
  server_id: number;
  run_key: string;
  exec_code: number;
  message: Generated<string>;
  start_time: number;
  report_time: number;
  duration_ms: Generated<number>;
  skipped: Generated<number>;
  insert_time: number;
}

/**
 * Ferry's block in a server's crontab: whose crontab, the block last written (its lines between the markers) and its sha-256, and
 * the scheduled read of run records (`next_read`, its claim, the last read's error).
 */
export interface CronFenceTable {
  server_id: number;
  crontab_user: Generated<string>;
  block_checksum: Generated<string>;
  block_text: Generated<string>;
  write_time: Generated<number>;
  next_read: Generated<number>;
  lease_owner: Generated<string>;
  lease_until: Generated<number>;
  read_error: Generated<string>;
}
