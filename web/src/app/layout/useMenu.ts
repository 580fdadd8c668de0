import { useMemo } from 'react';
import { useUserInfo } from '../../auth/useUserInfo';
import { buildMenu } from '../menu/buildMenu';
import type { MenuEntry } from '../menu/MenuSource';
import { useAppRouteSources } from '../menu/useAppRouteSources';

/** The side menu of the current user: the app's routes filtered by the permissions held. */
export function useMenu(): MenuEntry[] {
  const sources = useAppRouteSources();
  const held = useUserInfo()?.namespace.permissionIds;
  return useMemo(() => buildMenu(sources, held ?? []), [sources, held]);
}
