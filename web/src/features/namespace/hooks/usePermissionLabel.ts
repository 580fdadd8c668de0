import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A permission's or group's name in the user's language ("ShowServerPage" → "Open the server
 * page"); a name the locales do not know yet is shown as it is.
 */
export function usePermissionLabel(): (name: string) => string {
  const { t } = useTranslation('namespace');
  return useCallback(
    // The catalogue's names are the keys of `permissionName` (a test checks every one).
    (name: string) => t(`permissionName.${name}` as 'permissionName.Log', { defaultValue: name }),
    [t],
  );
}
