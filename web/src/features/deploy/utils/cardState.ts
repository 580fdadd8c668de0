import { DeployState, type DeployProgressMessage, type DeployStage } from '@ferry/contract/client';
import { commitInfoOf } from './commitInfo';
import type { CommitInfo, DeployRow } from './DeployRow';

/** What a project's state tag says. */
export type CardState =
  | { kind: 'none' }
  | { kind: 'queued'; ahead: number }
  /** `stage` is unknown until a frame says; `waiting` deploys are queued behind this one. */
  | { kind: 'deploying'; stage?: DeployStage; waiting: number }
  | { kind: 'success' }
  | { kind: 'fail' }
  | { kind: 'cancelled' };

/** A card's state with what its buttons act on. */
export interface CardLive {
  state: CardState;
  /** The running or oldest queued deploy; '' when none. */
  activeToken: string;
  /** The deploy to show: the active one, else the last one; '' before the first deploy. */
  shownToken: string;
  /** The commit of the last successful deploy. */
  commit: CommitInfo;
}

/**
 * The state the list answered. The list knows no stage: a running deploy takes it from the last
 * frame of that deploy received before the list loaded, if any.
 */
function rowState(row: DeployRow, earlier: readonly DeployProgressMessage[]): CardState {
  if (row.activeStatus === 'running') {
    const stage = earlier.findLast(
      (f) => f.token === row.activeToken && f.status === 'running',
    )?.stage;
    return { kind: 'deploying', stage, waiting: row.queued };
  }
  // The oldest queued deploy of a project with none running starts when a slot frees.
  if (row.activeStatus === 'queued') return { kind: 'queued', ahead: 0 };
  switch (row.deployState) {
    case DeployState.deploying:
      return { kind: 'deploying', waiting: row.queued };
    case DeployState.success:
      return { kind: 'success' };
    case DeployState.fail:
      return { kind: 'fail' };
    default:
      return { kind: 'none' };
  }
}

function finishedState(frame: DeployProgressMessage): CardState {
  if (frame.status === 'cancelled') return { kind: 'cancelled' };
  if (frame.status === 'succeeded' || frame.state === 2) return { kind: 'success' };
  return { kind: 'fail' };
}

/**
 * The card of `row` after the type-1 frames that came since the list was loaded (oldest first):
 * a running deploy shows its stage, else the nearest queued one its place, else the outcome of
 * the last one. The frames replace what the list said; with none, the list stands, and `earlier`
 * frames (received before the list loaded) name the stage of the deploy it says runs.
 */
export function cardLive(
  row: DeployRow,
  frames: readonly DeployProgressMessage[],
  earlier: readonly DeployProgressMessage[] = [],
): CardLive {
  const fromRow: CardLive = {
    state: rowState(row, earlier),
    activeToken: row.activeToken,
    shownToken: row.activeToken || row.lastPublishToken,
    commit: commitInfoOf(row.publishExt),
  };
  const last = frames.at(-1);
  if (!last) return fromRow;
  const latest = new Map<string, DeployProgressMessage>();
  for (const f of frames) latest.set(f.token, f);
  const all = [...latest.values()];
  const queued = all.filter((f) => f.status === 'queued');
  const running = all.find((f) => f.status === 'running');
  const succeeded = frames.findLast((f) => f.status === 'succeeded');
  const commit = succeeded ? commitInfoOf(succeeded.ext) : fromRow.commit;
  if (running) {
    const state: CardState = { kind: 'deploying', stage: running.stage, waiting: queued.length };
    return { state, activeToken: running.token, shownToken: running.token, commit };
  }
  const nearest = queued.reduce<DeployProgressMessage | undefined>(
    (best, f) => (best === undefined || f.ahead < best.ahead ? f : best),
    undefined,
  );
  if (nearest) {
    const state: CardState = { kind: 'queued', ahead: nearest.ahead };
    return { state, activeToken: nearest.token, shownToken: nearest.token, commit };
  }
  return { state: finishedState(last), activeToken: '', shownToken: last.token, commit };
}
