import { useMemo } from 'react';
import { accessOf } from '../../auth/accessOf';
import { useUserInfo } from '../../auth/useUserInfo';
import { buildMenu } from '../menu/buildMenu';
import type { MenuEntry } from '../menu/MenuSource';
import { useAppRouteSources } from '../menu/useAppRouteSources';

/** The side menu of the current user: the app's routes filtered by what the user may open. */
export function useMenu(): MenuEntry[] {
  const sources = useAppRouteSources();
  const info = useUserInfo();
  return useMemo(() => buildMenu(sources, accessOf(info)), [sources, info]);
}
