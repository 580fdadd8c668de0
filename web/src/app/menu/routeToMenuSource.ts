import type { AnyRoute } from '@tanstack/react-router';
import type { MenuSource } from './MenuSource';

function childrenOf(route: AnyRoute): AnyRoute[] {
  const children: unknown = route.children;
  if (Array.isArray(children)) return children as AnyRoute[];
  if (children && typeof children === 'object') return Object.values(children) as AnyRoute[];
  return [];
}

/**
 * Reads the menu sources from TanStack route objects: the children of `route`, skipping index
 * routes (`/`, `/user/`) and splats, which are never menu entries.
 */
export function routeToMenuSource(route: AnyRoute): MenuSource[] {
  return childrenOf(route)
    .filter((r) => {
      const path = String(r.fullPath);
      return !path.endsWith('/') && !path.includes('$');
    })
    .map((r) => {
      const kids = routeToMenuSource(r);
      return {
        path: String(r.fullPath),
        meta: r.options.staticData?.meta,
        ...(kids.length > 0 ? { children: kids } : {}),
      };
    });
}
