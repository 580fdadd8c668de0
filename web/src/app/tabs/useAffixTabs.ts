import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useUserInfo } from '../../auth/useUserInfo';
import { routeToMenuSource } from '../menu/routeToMenuSource';
import { affixViews } from './affixViews';
import { useTabs } from './useTabs';

/** Pins the fixed tabs the user's permissions open (the deploy page, for instance). */
export function useAffixTabs(): void {
  const router = useRouter();
  const held = useUserInfo()?.namespace.permissionIds;
  const setAffix = useTabs((s) => s.setAffix);
  useEffect(() => {
    if (!held) return;
    // The pathless layout route `id: 'app'` (read by id: importing it here would be circular).
    setAffix(affixViews(routeToMenuSource(router.routesById['/app']), held));
  }, [router, held, setAffix]);
}
