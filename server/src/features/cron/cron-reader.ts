import { crontabExpressionOf } from '@ferry/contract';
import type { Clock } from '../../core/clock.js';
import { formatTime } from '../../core/clock.js';
import type { NotifyTargets } from '../../infra/notify/notify-target.js';
import type { NotificationApi } from '../notification/notification.api.js';
import type { CronLogRecord, CronLogRepository } from './cron-log.repository.js';
import type { CronRepository } from './cron.repository.js';
import type { CrontabRemote } from './remote/crontab-remote.js';

/** Reads per call at most this many batches of records (each about 36 KiB). */
const MAX_BATCHES = 10;

/**
 * Reads a server's new run records into `cron_log` and removes exactly the records it handled
 * from the server (stored now, stored before by another read, or of no job on the server). A
 * record read twice (two consoles, or a removal that failed) is stored once: the run key is
 * unique per server, and only the rows this read inserted notify. A failed run (not skipped) of
 * a job with a notification set notifies once.
 */
export function createCronReader(deps: {
  remote: CrontabRemote;
  logs: CronLogRepository;
  jobs: CronRepository;
  clock: Clock;
  notifications: Pick<NotificationApi, 'notifyText'>;
  targets: Pick<NotifyTargets, 'open'>;
  log: { warn(o: object, m: string): void };
}) {
  const reading = new Map<number, Promise<void>>();

  async function readAll(
    namespaceId: number,
    serverId: number,
    signal?: AbortSignal,
  ): Promise<void> {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const { records, more } = await deps.remote.readRuns(namespaceId, serverId, signal);
      if (records.length === 0) return;
      const inserted = await deps.logs.store(serverId, records, deps.clock.now());
      await deps.remote.removeRuns(
        namespaceId,
        serverId,
        records.map((r) => r.name),
      );
      await notifyFailures(inserted);
      if (!more) return;
    }
  }

  async function notifyFailures(rows: readonly CronLogRecord[]): Promise<void> {
    const failures = rows.filter((r) => r.exec_code !== 0 && r.skipped === 0);
    if (failures.length === 0) return;
    const jobs = new Map(
      (await deps.jobs.byIds([...new Set(failures.map((f) => f.cron_id))])).map((j) => [j.id, j]),
    );
    for (const run of failures) {
      const job = jobs.get(run.cron_id);
      if (!job || job.notify_type === 0 || job.notify_target === '') continue;
      const title = `Cron job ${job.id} failed with exit code ${run.exec_code}`;
      const text = [
        title,
        `Server: ${run.server_id}`,
        `Description: ${job.description || '-'}`,
        `Schedule: ${crontabExpressionOf(job.expression)}`,
        `Command: ${job.command}`,
        `Started: ${formatTime(Number(run.start_time))}`,
        `Output: ${run.message.slice(-1000) || '-'}`,
      ].join('\n');
      await deps.notifications.notifyText({
        namespaceId: job.namespace_id,
        projectId: 0,
        projectName: '',
        channel: {
          type: job.notify_type,
          target: deps.targets.open(job.notify_target),
          secret: '',
        },
        title,
        text,
        custom: {
          cronId: job.id,
          serverId: run.server_id,
          execCode: run.exec_code,
          message: run.message,
        },
        subject: title,
        creator: 'cron job',
      });
    }
  }

  return {
    /**
     * Reads the server's new run records; a read of the server already under way in this
     * console is waited for instead of started again.
     */
    read(namespaceId: number, serverId: number, signal?: AbortSignal): Promise<void> {
      const under = reading.get(serverId);
      if (under) return under;
      const run = readAll(namespaceId, serverId, signal).finally(() => reading.delete(serverId));
      reading.set(serverId, run);
      return run;
    },
  };
}

export type CronReader = ReturnType<typeof createCronReader>;
