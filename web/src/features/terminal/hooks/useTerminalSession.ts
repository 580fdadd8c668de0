import i18next from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/ApiError';
import { reportFailure } from '../../../api/call';
import { session } from '../../../auth/session';
import { statusLine } from '../utils/statusLine';
import { statusText } from '../utils/statusText';
import { openTerminalSocket, type TerminalSocket } from '../utils/terminalSocket';
import type { TerminalStatus } from '../utils/terminalStatus';
import { terminalUrl } from '../utils/terminalUrl';
import type { Xterm } from './useXterm';

/**
 * The shell behind one terminal tab: opens `/ws/xterm` at the terminal's size once the terminal
 * is on screen, wires keystrokes, binary input, resizes and output, and writes why the session
 * ended into the terminal. A refusal (not logged in, no permission…) is reported as the matching
 * API code would be. `reconnect` opens a new session in the same terminal, below a separator.
 */
export function useTerminalSession(xterm: Xterm | undefined, serverId: number) {
  const [status, setStatus] = useState<TerminalStatus>({ state: 'connecting' });
  const [attempt, setAttempt] = useState(0);
  const socket = useRef<TerminalSocket | undefined>(undefined);

  useEffect(() => {
    if (!xterm) return;
    const { term } = xterm;
    const size = { cols: term.cols, rows: term.rows };
    const url = terminalUrl(window.location, {
      serverId,
      ...size,
      namespaceId: session.identity().id,
    });
    const opened = openTerminalSocket(url, size, {
      output: (bytes) => term.write(bytes),
      status: (next) => {
        setStatus(next);
        if (next.state !== 'closed') return;
        term.write(statusLine(statusText(next)));
        if (next.cause === 'refused') {
          reportFailure(new ApiError('envelope', next.envelopeCode ?? -1, next.reason));
        }
      },
    });
    socket.current = opened;
    const subscriptions = [
      term.onData((data) => opened.sendText(data)),
      term.onBinary((data) => opened.sendBinary(data)),
      term.onResize(({ cols, rows }) => opened.resize(cols, rows)),
    ];
    return () => {
      for (const s of subscriptions) s.dispose();
      opened.close();
      socket.current = undefined;
    };
  }, [xterm, serverId, attempt]);

  const reconnect = useCallback(() => {
    xterm?.term.write(statusLine(i18next.t('terminal:reconnecting')));
    setStatus({ state: 'connecting' });
    setAttempt((n) => n + 1);
  }, [xterm]);

  /** Types text into the shell; false when the session is not open. */
  const send = useCallback((text: string) => socket.current?.sendText(text) ?? false, []);

  return { status, reconnect, send };
}
