import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../../api/ApiError';
import { reportFailure } from '../../../api/call';
import { session } from '../../../auth/session';
import type { SftpConnection } from '../utils/connectionStatus';
import {
  destination,
  directoryReducer,
  INITIAL_DIRECTORY,
  type Navigation,
} from '../utils/directoryState';
import { currentPath } from '../utils/pathHistory';
import { parentPath } from '../utils/remotePath';
import { openSftpSocket, type SftpSocket } from '../utils/sftpSocket';
import { sftpSocketUrl } from '../utils/sftpUrls';

/**
 * One tab's connection to a server's files: opens `/ws/sftp`, lists the home directory first,
 * then wherever the user goes, with back, forward, up and refresh. A refusal (logged out, no
 * longer a member, permission withdrawn) is reported as the matching API code would be.
 * `reconnect` opens a new socket and lists the directory that was shown.
 */
export function useDirectory(serverId: number) {
  const [connection, setConnection] = useState<SftpConnection>({ state: 'connecting' });
  const [state, dispatch] = useReducer(directoryReducer, INITIAL_DIRECTORY);
  const [attempt, setAttempt] = useState(0);
  const socket = useRef<SftpSocket | undefined>(undefined);
  /** What to list once the socket opens: home at first, the directory shown after a reconnect. */
  const reopenAt = useRef('');

  useEffect(() => {
    reopenAt.current = currentPath(state.history) ?? '';
  }, [state.history]);

  useEffect(() => {
    const url = sftpSocketUrl(window.location, serverId, session.identity().id);
    const opened = openSftpSocket(
      url,
      {
        frame: (frame) => dispatch({ type: 'frame', frame }),
        status: (next) => {
          setConnection(next);
          if (next.state === 'open') {
            const path = reopenAt.current;
            const id = opened.list(path);
            dispatch({ type: 'request', id, path, navigation: path ? 'reopen' : 'visit' });
          } else if (next.state === 'closed' && next.cause === 'refused') {
            reportFailure(new ApiError('envelope', next.envelopeCode ?? -1, next.reason));
          }
        },
      },
      WebSocket,
    );
    socket.current = opened;
    return () => {
      opened.close();
      socket.current = undefined;
    };
  }, [serverId, attempt]);

  const navigate = useCallback((path: string, navigation: Navigation) => {
    const id = socket.current?.list(path) ?? 0;
    if (id) dispatch({ type: 'request', id, path, navigation });
  }, []);

  const { history, listing } = state;
  // While a directory loads, up goes from the one asked for.
  const shown = listing.path ?? (listing.requested || undefined);
  return {
    connection,
    listing,
    history,
    /** Opens `path` (`''` for home). */
    go: useCallback((path: string) => navigate(path, 'visit'), [navigate]),
    back: () => {
      const path = destination(history, 'back');
      if (path !== undefined) navigate(path, 'back');
    },
    forward: () => {
      const path = destination(history, 'forward');
      if (path !== undefined) navigate(path, 'forward');
    },
    up: () => {
      if (shown && shown !== '/') navigate(parentPath(shown), 'visit');
    },
    /** Lists the directory shown again, its rows staying until the new ones come. */
    refresh: useCallback(() => {
      const path = reopenAt.current;
      navigate(path, 'refresh');
    }, [navigate]),
    reconnect: () => {
      setConnection({ state: 'connecting' });
      setAttempt((n) => n + 1);
    },
  };
}

export type Directory = ReturnType<typeof useDirectory>;
