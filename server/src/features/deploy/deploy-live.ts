import type { DeployStage } from '@ferry/contract';
import type { Db } from '../../db/database.js';

/** The stage a running deploy is in, and since when (epoch ms). */
export interface LiveStage {
  stage: DeployStage;
  since: number;
}

/**
 * The stages of the deploys this console runs right now. The trace only records a stage when it
 * ends, so without this the progress answer would name the last finished stage (pull) while the
 * after-pull build runs. Kept in memory for this console's answers and on the job row for the
 * other consoles' (decision 0044), written in order per deploy.
 */
export function createLiveStages(db: Db, log: { error(obj: object, msg: string): void }) {
  const stages = new Map<string, LiveStage>();
  const writes = new Map<string, Promise<void>>();
  return {
    enter(token: string, stage: DeployStage, since: number): void {
      stages.set(token, { stage, since });
      const write = (writes.get(token) ?? Promise.resolve())
        .then(async () => {
          await db
            .updateTable('job')
            .set({ stage, stage_since: since })
            .where('token', '=', token)
            .where('status', '=', 'running')
            .execute();
        })
        .catch((err: unknown) => log.error({ err, token }, 'recording a deploy stage failed'));
      writes.set(token, write);
    },
    /** This console's own deploys from memory; another console's from its job row. */
    of(token: string, row?: { stage: string; stage_since: number }): LiveStage | undefined {
      const mine = stages.get(token);
      if (mine) return mine;
      if (!row?.stage) return undefined;
      return { stage: row.stage as DeployStage, since: row.stage_since };
    },
    async end(token: string): Promise<void> {
      stages.delete(token);
      await writes.get(token);
      writes.delete(token);
    },
  };
}

export type LiveStages = ReturnType<typeof createLiveStages>;
