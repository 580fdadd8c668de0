import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { closeAll, closeOthers, closeTab, visit, withAffix } from './tabViews';
import type { Closed, TabView } from './tabViews';

interface TabsState {
  tabs: TabView[];
  visit: (view: TabView) => void;
  setAffix: (affix: readonly TabView[]) => void;
  /** Each returns where to go when the page on screen was closed. */
  close: (path: string, currentPath: string) => string | undefined;
  closeOthers: (path: string, currentPath: string) => string | undefined;
  closeAll: (currentPath: string) => string | undefined;
  reset: () => void;
}

/**
 * The visited pages. Kept in sessionStorage, so a reload keeps the strip and each browser tab
 * has its own; cleared when the user signs out or switches namespace.
 */
export const useTabs = create<TabsState>()(
  persist(
    (set, get) => {
      const apply = ({ tabs, goTo }: Closed) => {
        set({ tabs });
        return goTo;
      };
      return {
        tabs: [],
        visit: (view) => set({ tabs: visit(get().tabs, view) }),
        setAffix: (affix) => set({ tabs: withAffix(get().tabs, affix) }),
        close: (path, current) => apply(closeTab(get().tabs, path, current)),
        closeOthers: (path, current) => apply(closeOthers(get().tabs, path, current)),
        closeAll: (current) => apply(closeAll(get().tabs, current)),
        reset: () => set({ tabs: [] }),
      };
    },
    {
      name: 'tabs',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ tabs: s.tabs }),
    },
  ),
);
