import { HubType, runTopic, watchTopic, type RemoteRunMessage } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { watchHubToken } from '../../../api/hub/hubSubscriptions';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { newWatchId } from '../utils/newWatchId';
import {
  applyFrames,
  asRunMessage,
  clearStopping,
  isRunning,
  markStopping,
  startedView,
  startingView,
  type RunView,
} from '../utils/runView';
import { RUN_HISTORY_KEY } from './useRunHistory';

/** Frames are gathered this long before the panes redraw, however fast they come. */
const REDRAW_MS = 80;

/** Starts a run with `stream: 1` whose frames also go to the topic of `watchId`. */
export type RunLauncher = (watchId: string) => Promise<unknown>;

interface Started {
  runId: number;
  servers: { serverId: number; serverName: string }[];
}
const isStarted = (data: unknown): data is Started =>
  typeof data === 'object' && data !== null && 'runId' in data && 'servers' in data;

/** Asks the server to stop run `runId` on `serverId`, or on all its servers. */
export type RunStopper = (runId: number, serverId?: number) => Promise<unknown>;

/**
 * The run on screen, of scripts or process commands alike: `start` subscribes to a fresh watch
 * topic, then calls `launch`, so even a fast server's first line arrives; hub frames (type 14)
 * move the panes. Leaving the page ends the subscriptions, not the run (the history keeps it).
 */
export function useRemoteRun(stopRun: RunStopper) {
  const [view, setView] = useState<RunView>();
  const queue = useRef<RemoteRunMessage[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const watches = useRef<(() => void)[]>([]);
  const queryClient = useQueryClient();

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
    void queryClient.invalidateQueries({ queryKey: RUN_HISTORY_KEY });
  }, [ended, unwatch, queryClient]);

  const start = useCallback(
    async (servers: readonly { id: number; name: string }[], launch: RunLauncher) => {
      unwatch();
      const watchId = newWatchId();
      watches.current = [watchHubToken(watchTopic(watchId))];
      setView(startingView(servers));
      try {
        const data = await launch(watchId);
        if (!isStarted(data)) throw new Error('the run did not stream');
        watches.current.push(watchHubToken(runTopic(data.runId)));
        setView((v) => v && startedView(v, data.runId, data.servers, Date.now()));
        void queryClient.invalidateQueries({ queryKey: RUN_HISTORY_KEY });
      } catch {
        // The request's failure is already shown; the panes go with it.
        unwatch();
        setView(undefined);
      }
    },
    [unwatch, queryClient],
  );

  const stop = useCallback(
    (serverId?: number) => {
      const runId = view?.runId;
      if (runId === undefined) return;
      setView((v) => v && markStopping(v, serverId));
      stopRun(runId, serverId).catch(() => setView((v) => v && clearStopping(v, serverId)));
    },
    [view?.runId, stopRun],
  );

  return { view, running, start, stop };
}
