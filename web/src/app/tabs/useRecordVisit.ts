import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type TabView, useTabs } from '../../platform';

/**
 * Adds the page on screen to the tabs strip. Location and matches are read from one settled
 * router state: mid-navigation they belong to different pages.
 */
export function useRecordVisit(): void {
  const view = useRouterState({
    select: (s): TabView | undefined => {
      if (s.status !== 'idle') return undefined;
      const m = s.matches.findLast((x) => x.staticData.meta?.titleKey);
      const meta = m?.staticData.meta;
      if (!m || !meta?.titleKey || meta.noTab) return undefined;
      const { pathname, searchStr } = s.location;
      return {
        path: pathname,
        fullPath: pathname + searchStr,
        name: m.routeId,
        titleKey: meta.titleKey,
        affix: Boolean(meta.affix),
        query: searchStr.replace(/^\?/, ''),
      };
    },
    structuralSharing: true,
  });
  const visit = useTabs((s) => s.visit);
  useEffect(() => {
    if (view) visit(view);
  }, [visit, view]);
}
