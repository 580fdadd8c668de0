import { crontabExpressionOf, type CronLogRow, type CronRow } from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import type { CronLogRecord } from './cron-log.repository.js';
import type { CronRecord } from './cron.repository.js';

/** A job as the wire shows it, with its last run; `notifyTarget` is the masked address. */
export function presentCron(
  r: CronRecord,
  notifyTarget: string,
  last: CronLogRecord | undefined,
): CronRow {
  return {
    id: Number(r.id),
    serverId: r.server_id,
    expression: r.expression,
    crontabExpression: crontabExpressionOf(r.expression),
    command: r.command,
    singleMode: r.single_mode,
    logLevel: r.log_level as CronRow['logLevel'],
    description: r.description,
    state: r.state,
    notifyType: r.notify_type,
    notifyTarget,
    creator: r.creator,
    editor: r.editor,
    insertTime: formatTime(Number(r.insert_time)),
    updateTime: formatTime(Number(r.update_time)),
    lastRun: last
      ? {
          execCode: last.exec_code,
          skipped: last.skipped === 1,
          startTime: formatTime(Number(last.start_time)),
          durationMs: Number(last.duration_ms),
        }
      : null,
  };
}

/** A run as the wire shows it. */
export function presentCronLog(r: CronLogRecord): CronLogRow {
  return {
    id: Number(r.id),
    cronId: r.cron_id,
    serverId: r.server_id,
    execCode: r.exec_code,
    message: r.message,
    reportTime: formatTime(Number(r.report_time)),
    insertTime: formatTime(Number(r.insert_time)),
    startTime: formatTime(Number(r.start_time)),
    durationMs: Number(r.duration_ms),
    skipped: r.skipped === 1,
  };
}
