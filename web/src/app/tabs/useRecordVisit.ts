import { useLocation, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTabs } from './useTabs';

/** Adds the page on screen to the tabs strip. */
export function useRecordVisit(): void {
  const location = useLocation();
  const leaf = useMatches({
    select: (ms) => {
      const m = ms.findLast((x) => x.staticData.meta?.titleKey);
      const meta = m?.staticData.meta;
      if (!m || !meta?.titleKey || meta.noTab) return undefined;
      return { name: m.routeId, titleKey: meta.titleKey, affix: Boolean(meta.affix) };
    },
    structuralSharing: true,
  });
  const visit = useTabs((s) => s.visit);
  const { pathname, searchStr } = location;

  useEffect(() => {
    if (!leaf) return;
    visit({
      path: pathname,
      fullPath: pathname + searchStr,
      name: leaf.name,
      titleKey: leaf.titleKey,
      affix: leaf.affix,
      query: searchStr.replace(/^\?/, ''),
    });
  }, [visit, leaf, pathname, searchStr]);
}
