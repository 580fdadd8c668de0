import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { ServerOption } from '../api/options/ServerOption';
import { useFeedback } from './useFeedback';

/** `?serverId=…`: a server to open a tab on when a server page opens. */
export interface ServerSearch {
  serverId?: number;
}

export function validateServerSearch(search: Record<string, unknown>): ServerSearch {
  const id = Number(search.serverId);
  return Number.isSafeInteger(id) && id > 0 ? { serverId: id } : {};
}

/**
 * Opens the server named by `?serverId=` (the server list links here) once the servers are
 * known, then drops it from the address (`page`) so a reload or a later link opens no extra tab.
 * A server that is not among them is told with `unknownText`.
 */
export function useServerFromAddress(
  servers: readonly ServerOption[] | undefined,
  open: (server: ServerOption) => void,
  page: { to: '/server/terminal' | '/server/sftp'; unknownText: string },
): void {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const { serverId } = validateServerSearch(search);
  const { to, unknownText } = page;
  // Effects run twice in development; the server opens once.
  const handled = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (serverId === undefined) {
      handled.current = undefined;
      return;
    }
    if (!servers || handled.current === serverId) return;
    handled.current = serverId;
    const server = servers.find((s) => s.id === serverId);
    if (server) open(server);
    else void message.warning(unknownText);
    void navigate({ to, replace: true });
  }, [serverId, servers, open, message, navigate, to, unknownText]);
}
