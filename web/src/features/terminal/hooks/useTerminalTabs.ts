import { useCallback, useRef, useState } from 'react';
import { tabTitle } from '../../../ui/tabTitle';

export interface TerminalTabInfo {
  key: string;
  serverId: number;
  title: string;
}

interface TabsState {
  tabs: TerminalTabInfo[];
  activeKey: string | undefined;
}

/** The page's terminal tabs: open one per server pick, close, switch. */
export function useTerminalTabs() {
  const [state, setState] = useState<TabsState>({ tabs: [], activeKey: undefined });
  const counter = useRef(0);

  const open = useCallback((server: { id: number; name: string }) => {
    counter.current += 1;
    const key = `terminal-${counter.current}`;
    setState(({ tabs }) => ({
      tabs: [
        ...tabs,
        {
          key,
          serverId: server.id,
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
