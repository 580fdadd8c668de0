import { useEffect } from 'react';
import { useUserInfo } from '../../auth/useUserInfo';
import { useTabs } from '../../platform';
import { useAppRouteSources } from '../menu/useAppRouteSources';
import { affixViews } from './affixViews';

/** Pins the fixed tabs the user's permissions open (the deploy page, for instance). */
export function useAffixTabs(): void {
  const sources = useAppRouteSources();
  const held = useUserInfo()?.namespace.permissionIds;
  const setAffix = useTabs((s) => s.setAffix);
  useEffect(() => {
    if (held) setAffix(affixViews(sources, held));
  }, [sources, held, setAffix]);
}
