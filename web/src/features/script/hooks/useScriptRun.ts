import { scriptRoutes } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../api/call';
import type { ScriptDraft } from '../utils/ScriptDraft';
import { useRemoteRun } from '../../../ui/run/useRemoteRun';
import { RUN_HISTORY_KEY } from './useRunHistory';

const stopScript = (runId: number, serverId?: number) =>
  call(scriptRoutes.stopScript, { runId, serverId });

/** The script run on screen; the history reloads when a run starts and when it ends. */
export function useScriptRun() {
  const queryClient = useQueryClient();
  const run = useRemoteRun({
    stopRun: stopScript,
    onChange: () => void queryClient.invalidateQueries({ queryKey: RUN_HISTORY_KEY }),
  });
  const { start: startRun } = run;
  const start = useCallback(
    (draft: ScriptDraft, servers: readonly { id: number; name: string }[]) =>
      startRun(servers, async (watchId) => {
        const data = await call(scriptRoutes.execScript, {
          serverIds: servers.map((s) => s.id),
          script: draft.script,
          interpreter: draft.interpreter,
          timeout: draft.timeout,
          stream: 1,
          watchId,
        });
        if (Array.isArray(data)) throw new Error('the run did not stream');
        return data;
      }),
    [startRun],
  );
  return { ...run, start };
}
