import { useCallback, useRef, useState } from 'react';
import { tabTitle } from '../../../ui/tabTitle';

export interface SftpTabInfo {
  key: string;
  server: { id: number; name: string };
  title: string;
}

interface TabsState {
  tabs: SftpTabInfo[];
  activeKey: string | undefined;
}

/** The page's tabs, one per server connection: open one per pick, close, switch. */
export function useSftpTabs() {
  const [state, setState] = useState<TabsState>({ tabs: [], activeKey: undefined });
  const counter = useRef(0);

  const open = useCallback((server: { id: number; name: string }) => {
    counter.current += 1;
    const key = `sftp-${counter.current}`;
    setState(({ tabs }) => ({
      tabs: [
        ...tabs,
        {
          key,
          server: { id: server.id, name: server.name },
          title: tabTitle(
            server.name,
            tabs.map((t) => t.title),
          ),
        },
      ],
      activeKey: key,
    }));
  }, []);

  const close = useCallback((key: string) => {
    setState(({ tabs, activeKey }) => {
      const index = tabs.findIndex((t) => t.key === key);
      const rest = tabs.filter((t) => t.key !== key);
      // Closing the active tab shows its right neighbour, or the left one at the end.
      const next = activeKey === key ? (rest[index] ?? rest[index - 1])?.key : activeKey;
      return { tabs: rest, activeKey: next };
    });
  }, []);

  const activate = useCallback((key: string) => {
    setState((s) => ({ ...s, activeKey: key }));
  }, []);

  return { ...state, open, close, activate };
}
