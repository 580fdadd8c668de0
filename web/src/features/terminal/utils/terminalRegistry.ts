/** A terminal tab as "Send to all" sees it. */
export interface RegisteredTerminal {
  connected: boolean;
  /** Sends text as keystrokes; false when it could not. */
  send(text: string): boolean;
}

/**
 * The open terminal tabs of the page, for goploy's "send to all windows": each tab registers
 * itself and its state; the page reads how many are connected.
 */
export function createTerminalRegistry() {
  const tabs = new Map<string, RegisteredTerminal>();
  const listeners = new Set<() => void>();
  let connected = 0;

  const changed = () => {
    connected = [...tabs.values()].filter((t) => t.connected).length;
    for (const listener of listeners) listener();
  };

  return {
    set(key: string, tab: RegisteredTerminal): void {
      tabs.set(key, tab);
      changed();
    },
    delete(key: string): void {
      if (tabs.delete(key)) changed();
    },
    connectedCount: (): number => connected,
    // An arrow, so useSyncExternalStore may hold it without its object.
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Types `line` and Enter in every connected tab; the number of tabs it reached. */
    sendToAll(line: string): number {
      let reached = 0;
      for (const tab of tabs.values()) {
        if (tab.connected && tab.send(`${line}\r`)) reached++;
      }
      return reached;
    },
  };
}

export type TerminalRegistry = ReturnType<typeof createTerminalRegistry>;
