import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { MenuSource } from './MenuSource';
import { routeToMenuSource } from './routeToMenuSource';

/**
 * The pages behind the layout as the menu and the tabs strip read them. The pathless layout
 * route `id: 'app'` is found by id: importing it here would be circular.
 */
export function useAppRouteSources(): MenuSource[] {
  const router = useRouter();
  return useMemo(() => routeToMenuSource(router.routesById['/app']), [router]);
}
