import { useEffect } from 'react';
import { accessOf } from '../../auth/accessOf';
import { useUserInfo } from '../../auth/useUserInfo';
import { useTabs } from '../../platform';
import { useAppRouteSources } from '../menu/useAppRouteSources';
import { affixViews } from './affixViews';

/** Pins the fixed tabs the user's permissions open (the deploy page, for instance). */
export function useAffixTabs(): void {
  const sources = useAppRouteSources();
  const info = useUserInfo();
  const setAffix = useTabs((s) => s.setAffix);
  useEffect(() => {
    if (info) setAffix(affixViews(sources, accessOf(info)));
  }, [sources, info, setAffix]);
}
