import { HubType, runTopic, watchTopic, type RemoteRunMessage } from '@ferry/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { watchHubToken } from '../../api/hub/hubSubscriptions';
import { useHubFrame } from '../../api/hub/useHubFrame';
import { newWatchId } from './newWatchId';
import {
  applyFrames,
  asRunMessage,
  clearStopping,
  isRunning,
  markStopping,
  startedView,
  startingView,
  type RunView,
} from './runView';

/** Frames are gathered this long before the panes redraw, however fast they come. */
const REDRAW_MS = 80;

/** A started remote run as `/server/execScript` and its kin answer with `stream: 1`. */
export interface StartedRun {
  runId: number;
  servers: readonly { serverId: number; serverName: string }[];
}

/** The answer of a run started with `stream: 1`; anything else means it did not stream. */
export function asStarted(data: unknown): StartedRun {
  const started = typeof data === 'object' && data !== null && 'runId' in data && 'servers' in data;
  if (!started) throw new Error('the run did not stream');
  return data as StartedRun;
}

export interface RemoteRunOptions {
  /** Asks the server to stop the run on one server, or on all; without it nothing offers a stop. */
  stopRun?: (runId: number, serverId?: number) => Promise<unknown>;
  /** Called when a run was started and when it ended (a history to reload, say). */
  onChange?: () => void;
}

/**
 * A remote run on screen, whatever started it: `start` subscribes to a fresh watch topic, then
 * sends the request with that `watchId`, so even a fast server's first line arrives; hub frames
 * (type 14) move the panes. Leaving the page ends the subscriptions, not the run.
 */
export function useRemoteRun({ stopRun, onChange }: RemoteRunOptions = {}) {
  const [view, setView] = useState<RunView>();
  const queue = useRef<RemoteRunMessage[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const watches = useRef<(() => void)[]>([]);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  const unwatch = useCallback(() => {
    for (const release of watches.current) release();
    watches.current = [];
  }, []);

  const flush = useCallback(() => {
    timer.current = undefined;
    const batch = queue.current;
    queue.current = [];
    setView((v) => v && applyFrames(v, batch, Date.now()));
  }, []);

  useHubFrame(HubType.remoteRun, (raw) => {
    const m = asRunMessage(raw);
    if (!m || watches.current.length === 0) return;
    queue.current.push(m);
    timer.current ??= setTimeout(flush, REDRAW_MS);
  });

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      unwatch();
    },
    [unwatch],
  );

  const running = isRunning(view);
  const ended = view !== undefined && view.runId !== undefined && !running;
  useEffect(() => {
    if (!ended) return;
    unwatch();
    changed.current?.();
  }, [ended, unwatch]);

  const start = useCallback(
    async (
      servers: readonly { id: number; name: string }[],
      request: (watchId: string) => Promise<StartedRun>,
    ) => {
      unwatch();
      const watchId = newWatchId();
      watches.current = [watchHubToken(watchTopic(watchId))];
      setView(startingView(servers));
      try {
        const data = await request(watchId);
        watches.current.push(watchHubToken(runTopic(data.runId)));
        setView((v) => v && startedView(v, data.runId, data.servers, Date.now()));
        changed.current?.();
      } catch {
        // The request's failure is already shown; the panes go with it.
        unwatch();
        setView(undefined);
      }
    },
    [unwatch],
  );

  const runId = view?.runId;
  const stop = useCallback(
    (serverId?: number) => {
      if (runId === undefined || !stopRun) return;
      setView((v) => v && markStopping(v, serverId));
      stopRun(runId, serverId).catch(() => setView((v) => v && clearStopping(v, serverId)));
    },
    [runId, stopRun],
  );

  return { view, running, start, stop: stopRun ? stop : undefined };
}
