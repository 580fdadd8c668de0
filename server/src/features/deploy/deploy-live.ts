import type { DeployStage } from '@ferry/contract';

/** The stage a running deploy is in, and since when (epoch ms). */
export interface LiveStage {
  stage: DeployStage;
  since: number;
}

/**
 * The stages of the deploys this process runs right now. The trace only records a stage when it
 * ends, so without this the progress answer would name the last finished stage (pull) while the
 * after-pull build runs.
 */
export function createLiveStages() {
  const stages = new Map<string, LiveStage>();
  return {
    enter(token: string, stage: DeployStage, since: number): void {
      stages.set(token, { stage, since });
    },
    of(token: string): LiveStage | undefined {
      return stages.get(token);
    },
    end(token: string): void {
      stages.delete(token);
    },
  };
}

export type LiveStages = ReturnType<typeof createLiveStages>;
