import { HubType } from '@ferry/contract/client';
import { useEffect, useRef, useState } from 'react';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { watchHubToken } from '../../../api/hub/hubSubscriptions';
import type { LogLine } from '../utils/DeployRow';
import { asLogMessage } from '../utils/hubMessages';
import { MAX_LOG_LINES } from '../utils/logLines';
import type { LiveLog } from '../utils/logView';

/** Lines are gathered and drawn together: a busy build prints thousands a second. */
const FLUSH_MS = 100;

interface Held {
  lines: LogLine[];
  dropped: number;
}

/**
 * The output lines of deploy `token` as the hub sends them (type-11 frames), while mounted: the
 * hub is asked for them on mount and told to stop on unmount. Only lines from now on arrive; the
 * earlier ones come from GET /deploy/getPublishLog. The lines are appended in place (a batch
 * never copies those before it); `version` changes with every batch. One deploy per mount: the
 * drawer keys its content by token.
 */
export function useDeployLog(token: string): LiveLog & { version: number } {
  // Mutated in place by design: the panel reads it by index, `version` tells it when.
  const [held] = useState<Held>(() => ({ lines: [], dropped: 0 }));
  const pending = useRef<LogLine[]>([]);
  const [version, setVersion] = useState(0);
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
    const h = held;
    for (const l of pending.current) h.lines.push(l);
    pending.current = [];
    // Let go of old lines now and then, not on every batch.
    if (h.lines.length > 2 * MAX_LOG_LINES) {
      const cut = h.lines.length - MAX_LOG_LINES;
      h.lines.splice(0, cut);
      h.dropped += cut;
    }
    setVersion((v) => v + 1);
  };

  useHubFrame(HubType.deployLog, (raw) => {
    const m = asLogLine(raw, token);
    if (!m) return;
    pending.current.push(m);
    timer.current ??= setTimeout(flush, FLUSH_MS);
  });

  return { lines: held.lines, dropped: held.dropped, version };
}

function asLogLine(raw: unknown, token: string): LogLine | undefined {
  const m = asLogMessage(raw);
  if (!m || m.token !== token) return undefined;
  return { stage: m.stage, serverId: m.serverId, line: m.line, at: m.at };
}
