import { useEffect } from 'react';
import { useUserInfo } from '../../auth/useUserInfo';
import { useTabs } from '../../platform';
import { useAppRouteSources } from '../menu/useAppRouteSources';
import { affixViews } from './affixViews';

/** Pins the fixed tabs the user's permissions open (the deploy page, for instance). */
export function useAffixTabs(): void {
  const sources = useAppRouteSources();
  const info = useUserInfo();
  // Pinned again only when what the user may open changes, not on every refetch of the user info.
  const held = info?.namespace.permissionIds;
  const superManager = info?.userInfo.superManager;
  const setAffix = useTabs((s) => s.setAffix);
  useEffect(() => {
    if (held)
      setAffix(affixViews(sources, { permissionIds: held, superManager: superManager === 1 }));
  }, [sources, held, superManager, setAffix]);
}
