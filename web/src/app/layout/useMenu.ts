import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useUserInfo } from '../../auth/useUserInfo';
import { buildMenu } from '../menu/buildMenu';
import type { MenuEntry } from '../menu/MenuSource';
import { routeToMenuSource } from '../menu/routeToMenuSource';

/** The side menu of the current user: the app's routes filtered by the permissions held. */
export function useMenu(): MenuEntry[] {
  const router = useRouter();
  const held = useUserInfo()?.namespace.permissionIds;
  return useMemo(() => {
    // The pathless layout route `id: 'app'` (read by id: importing it here would be circular).
    return buildMenu(routeToMenuSource(router.routesById['/app']), held ?? []);
  }, [router, held]);
}
