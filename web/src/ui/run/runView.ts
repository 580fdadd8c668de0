import {
  RUN_SERVER_STATES,
  RUN_STATES,
  type RemoteRunMessage,
  type RunServerState,
  type RunState,
} from '@ferry/contract/client';
import { appendOutput, EMPTY_OUTPUT, type PaneOutput } from './paneOutput';

/** One server's part of the run on screen. */
export interface Pane {
  serverId: number;
  serverName: string;
  state: RunServerState;
  /** null until it ended, or when it never ran to an exit status. */
  exitCode: number | null;
  durationMs: number | undefined;
  /** Why it did not succeed, in the server's words. */
  error: string;
  output: PaneOutput;
  /** When its `running` frame came (the page's clock), for the time so far. */
  startedAt: number | undefined;
  /** A stop was asked for and the end has not come yet. */
  stopping: boolean;
}

/** The run on screen: every server's pane, in the order the run named them. */
export interface RunView {
  /** Unknown until `/server/execScript` answered. */
  runId: number | undefined;
  /** `starting` until the answer, then `running` until the frame of the whole run's end. */
  state: 'starting' | RunState;
  panes: readonly Pane[];
  /** Frames that came before the answer told the run's id. */
  early: readonly RemoteRunMessage[];
}

/** The states after which a server's part changes no more. */
export const ENDED_STATES: ReadonlySet<RunServerState> = new Set(
  RUN_SERVER_STATES.filter((s) => s !== 'queued' && s !== 'running'),
);

const isServerState = (s: unknown): s is RunServerState =>
  (RUN_SERVER_STATES as readonly unknown[]).includes(s);
const isRunState = (s: unknown): s is RunState => (RUN_STATES as readonly unknown[]).includes(s);

function queuedPane(serverId: number, serverName: string): Pane {
  return {
    serverId,
    serverName,
    state: 'queued',
    exitCode: null,
    durationMs: undefined,
    error: '',
    output: EMPTY_OUTPUT,
    startedAt: undefined,
    stopping: false,
  };
}

/** A type-14 hub frame's message when it has what the panes read; undefined otherwise. */
export function asRunMessage(m: unknown): RemoteRunMessage | undefined {
  if (typeof m !== 'object' || m === null) return undefined;
  const r = m as Record<string, unknown>;
  if (typeof r.runId !== 'number' || typeof r.serverId !== 'number') return undefined;
  if (r.output !== undefined && !Array.isArray(r.output)) return undefined;
  return r as unknown as RemoteRunMessage;
}

/** The panes the moment Run is pressed: every chosen server queued. */
export function startingView(servers: readonly { id: number; name: string }[]): RunView {
  return {
    runId: undefined,
    state: 'starting',
    panes: servers.map((s) => queuedPane(s.id, s.name)),
    early: [],
  };
}

/**
 * The run as the answer names it, with the frames that came before the answer applied: the
 * watch topic may deliver a fast server's first lines, or all of it, first.
 */
export function startedView(
  view: RunView,
  runId: number,
  servers: readonly { serverId: number; serverName: string }[],
  now: number,
): RunView {
  const started: RunView = {
    runId,
    state: 'running',
    panes: servers.map((s) => queuedPane(s.serverId, s.serverName)),
    early: [],
  };
  return applyFrames(started, view.early, now);
}

function applyToPane(pane: Pane, m: RemoteRunMessage, now: number): Pane {
  if (ENDED_STATES.has(pane.state)) return pane;
  let next = pane;
  if (m.output?.length) next = { ...next, output: appendOutput(next.output, m.output) };
  if (isServerState(m.state)) {
    next = { ...next, state: m.state };
    if (m.state === 'running') next.startedAt = now;
    if (ENDED_STATES.has(m.state)) {
      next.exitCode = m.exitCode ?? null;
      next.durationMs = m.durationMs;
      next.error = m.error ?? '';
      next.stopping = false;
    }
  }
  return next;
}

/**
 * The frames applied in order. Before the run's id is known every frame is kept for
 * `startedView`; after, frames of other runs change nothing, and a pane that ended stays ended.
 */
export function applyFrames(
  view: RunView,
  messages: readonly RemoteRunMessage[],
  now: number,
): RunView {
  if (view.runId === undefined) {
    return messages.length ? { ...view, early: [...view.early, ...messages] } : view;
  }
  const mine = messages.filter((m) => m.runId === view.runId);
  if (mine.length === 0) return view;
  let { state } = view;
  const panes = view.panes.map((pane) => {
    let next = pane;
    for (const m of mine) if (m.serverId === pane.serverId) next = applyToPane(next, m, now);
    return next;
  });
  for (const m of mine) if (m.serverId === 0 && isRunState(m.state)) state = m.state;
  return { ...view, state, panes };
}

/** A stop was asked for on `serverId`, or on every server still going. */
export function markStopping(view: RunView, serverId?: number): RunView {
  return {
    ...view,
    panes: view.panes.map((p) =>
      (serverId === undefined || p.serverId === serverId) && !ENDED_STATES.has(p.state)
        ? { ...p, stopping: true }
        : p,
    ),
  };
}

/** A stop request failed: the panes offer their stop again. */
export function clearStopping(view: RunView, serverId?: number): RunView {
  return {
    ...view,
    panes: view.panes.map((p) =>
      serverId === undefined || p.serverId === serverId ? { ...p, stopping: false } : p,
    ),
  };
}

/**
 * Whether the run still goes: until its end frame came, or every server ended (should the end
 * frame be lost, the panes still tell).
 */
export function isRunning(view: RunView | undefined): boolean {
  if (!view) return false;
  if (view.state === 'starting') return true;
  return view.state === 'running' && view.panes.some((p) => !ENDED_STATES.has(p.state));
}

/** How far the run is: servers ended, of how many, and how many ended ok or not. */
export function runProgress(view: RunView) {
  const ended = view.panes.filter((p) => ENDED_STATES.has(p.state));
  const ok = ended.filter((p) => p.state === 'ok').length;
  return { total: view.panes.length, ended: ended.length, ok, notOk: ended.length - ok };
}
