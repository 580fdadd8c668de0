import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { ServerOption } from '../../../api/options/ServerOption';
import { useFeedback } from '../../../ui/useFeedback';
import { validateServerSearch } from '../../../ui/useServerFromAddress';

/** One server's tab. */
export interface NginxTab {
  server: Pick<ServerOption, 'id' | 'name'>;
}

/**
 * The page's tabs, one per server. The address names the active tab's server (`?serverId=`), so
 * a reload or a shared link opens it again; a server named there is opened once the servers are
 * known, and an unknown one is told with `unknownText`.
 */
export function useNginxTabs(servers: readonly ServerOption[] | undefined, unknownText: string) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const { serverId } = validateServerSearch(search);
  const [tabs, setTabs] = useState<NginxTab[]>([]);
  const [activeId, setActiveId] = useState<number>();

  const show = useCallback(
    (id: number | undefined) => {
      setActiveId(id);
      void navigate({
        to: '/server/nginx',
        search: id === undefined ? {} : { serverId: id },
        replace: true,
      });
    },
    [navigate],
  );

  const open = useCallback(
    (server: Pick<ServerOption, 'id' | 'name'>) => {
      setTabs((list) =>
        list.some((t) => t.server.id === server.id)
          ? list
          : [...list, { server: { id: server.id, name: server.name } }],
      );
      show(server.id);
    },
    [show],
  );

  const close = useCallback(
    (id: number) => {
      const index = tabs.findIndex((t) => t.server.id === id);
      const rest = tabs.filter((t) => t.server.id !== id);
      setTabs(rest);
      // Closing the active tab shows its right neighbour, or the left one at the end.
      if (activeId === id) show((rest[index] ?? rest[index - 1])?.server.id);
    },
    [tabs, activeId, show],
  );

  useEffect(() => {
    if (serverId === undefined || !servers || serverId === activeId) return;
    const server = servers.find((s) => s.id === serverId);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is the outside source
    if (server) open(server);
    else {
      void message.warning(unknownText);
      show(activeId);
    }
    // Only a new address opens a tab; the tab's own changes write the address themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new address or server list only
  }, [serverId, servers]);

  return { tabs, activeId, open, close, activate: show };
}
