import { crontabExpressionOf } from '@ferry/contract';
import type { ClusterLocks } from '../../infra/cluster/cluster-locks.js';
import type { Clock } from '../../core/clock.js';
import { failed } from '../../core/errors.js';
import type { CronFenceRepository } from './cron-fence.repository.js';
import type { CronRecord, CronRepository } from './cron.repository.js';
import { splitCrontab } from './crontab/crontab-lines.js';
import type { FencedJob } from './crontab/cron-line.js';
import { checkFence, replaceBlock, type Resolution } from './crontab/fence.js';
import type { CrontabRemote, ReadCrontab } from './remote/crontab-remote.js';

/** A job as its line is written (goploy's six fields become cron's five). */
export const fencedJob = (r: CronRecord): FencedJob => ({
  id: Number(r.id),
  expression: crontabExpressionOf(r.expression),
  command: r.command,
  singleMode: r.single_mode,
  logLevel: r.log_level,
  description: r.description,
});

/** What a write changes in the console, and how it is taken back if the crontab write fails. */
export interface CronChange<T> {
  result: T;
  /** The crontab to put the block into, when the change alters lines outside it (an import). */
  text?: string;
  undo: () => Promise<void>;
}

/**
 * The one writer of Ferry's block. Per server, one write at a time in this console; each reads
 * the crontab, refuses when the block was changed by hand (`crontab_edited`, with the block
 * expected and the block now) unless told how to resolve it, applies the change in the console,
 * replaces only the block and writes the crontab back if it is still the one read (else
 * `crontab_changed`: another console wrote meanwhile). A failed write takes the change back.
 */
export function createCronWriter(deps: {
  remote: CrontabRemote;
  jobs: CronRepository;
  fences: CronFenceRepository;
  clock: Clock;
  wrapper: () => string;
  /** One write at a time per server, over every console (`cluster-locks.ts`). */
  locks: ClusterLocks;
}) {
  const exclusive = <T>(serverId: number, work: () => Promise<T>) => deps.locks.run(serverId, work);

  async function write<T>(
    namespaceId: number,
    serverId: number,
    resolution: Resolution,
    change: (read: ReadCrontab) => Promise<CronChange<T>>,
  ): Promise<T> {
    return exclusive(serverId, async () => {
      const read = await deps.remote.read(namespaceId, serverId);
      const fence = await deps.fences.get(serverId);
      const stored = { checksum: fence?.block_checksum ?? '', text: fence?.block_text ?? '' };
      const check = checkFence(splitCrontab(read.text).lines, stored);
      if (check.state !== 'ok' && !resolution) {
        throw failed(
          // goploy's cron page shows this message and cannot answer it: say where to.
          "The cron jobs in the crontab were changed by hand since Ferry wrote them: keep or replace those changes on Ferry's cron page of the server first",
          'crontab_edited',
          { expected: stored.text, current: check.current },
        );
      }
      const done = await change(read);
      try {
        const jobs = (await deps.jobs.enabledOnServer(serverId)).map(fencedJob);
        const next = replaceBlock(done.text ?? read.text, jobs, read.home, resolution);
        await deps.remote.write(namespaceId, serverId, {
          readSum: read.checksum,
          text: next.text,
          wrapper: deps.wrapper(),
        });
        const now = deps.clock.now();
        await deps.fences.wrote(serverId, {
          user: read.user,
          block: next.block,
          checksum: next.checksum,
          now,
        });
      } catch (err) {
        await done.undo();
        throw err;
      }
      return done.result;
    });
  }

  return { write };
}

export type CronWriter = ReturnType<typeof createCronWriter>;
