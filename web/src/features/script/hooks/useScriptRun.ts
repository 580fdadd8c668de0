import {
  HubType,
  runTopic,
  scriptRoutes,
  watchTopic,
  type RemoteRunMessage,
} from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../api/call';
import { watchHubToken } from '../../../api/hub/hubSubscriptions';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { newWatchId } from '../utils/newWatchId';
import type { ScriptDraft } from '../utils/ScriptDraft';
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

/**
 * The run on screen: `start` subscribes to a fresh watch topic, then starts the run, so even a
 * fast server's first line arrives; hub frames (type 14) move the panes. Leaving the page ends
 * the subscriptions, not the run (the history keeps it).
 */
export function useScriptRun() {
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
    async (draft: ScriptDraft, servers: readonly { id: number; name: string }[]) => {
      unwatch();
      const watchId = newWatchId();
      watches.current = [watchHubToken(watchTopic(watchId))];
      setView(startingView(servers));
      try {
        const data = await call(scriptRoutes.execScript, {
          serverIds: servers.map((s) => s.id),
          script: draft.script,
          interpreter: draft.interpreter,
          timeout: draft.timeout,
          stream: 1,
          watchId,
        });
        if (Array.isArray(data)) throw new Error('the run did not stream');
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
      call(scriptRoutes.stopScript, { runId, serverId }).catch(() =>
        setView((v) => v && clearStopping(v, serverId)),
      );
    },
    [view?.runId],
  );

  return { view, running, start, stop };
}
