import { HubType } from '@ferry/contract/client';
import { useEffect, useRef, useState } from 'react';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { watchHubToken } from '../../../api/hub/hubSubscriptions';
import type { LogLine } from '../utils/DeployRow';
import { asLogMessage } from '../utils/hubMessages';
import { lastLines } from '../utils/logLines';

/** Lines are gathered and drawn together: a busy build prints thousands a second. */
const FLUSH_MS = 100;

/**
 * The output lines of deploy `token` as the hub sends them (type-11 frames), while mounted: the
 * hub is asked for them on mount and told to stop on unmount. Only lines from now on arrive; the
 * earlier ones come from GET /deploy/getPublishLog.
 */
export function useDeployLog(token: string): LogLine[] {
  const [state, setState] = useState<{ token: string; lines: LogLine[] }>({ token, lines: [] });
  const pending = useRef<{ token: string; lines: LogLine[] }>({ token, lines: [] });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => watchHubToken(token), [token]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );

  const flush = () => {
    timer.current = undefined;
    const batch = pending.current;
    pending.current = { token: batch.token, lines: [] };
    setState((prev) => {
      const kept = prev.token === batch.token ? prev.lines : [];
      return { token: batch.token, lines: [...lastLines([...kept, ...batch.lines]).lines] };
    });
  };

  useHubFrame(HubType.deployLog, (raw) => {
    const m = asLogMessage(raw);
    if (!m || m.token !== token) return;
    if (pending.current.token !== token) pending.current = { token, lines: [] };
    pending.current.lines.push({ stage: m.stage, serverId: m.serverId, line: m.line });
    timer.current ??= setTimeout(flush, FLUSH_MS);
  });

  return state.token === token ? state.lines : [];
}
