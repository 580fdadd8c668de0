import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Keeps the browser tab's title on the current page: "Profile · Ferry". */
export function DocumentTitle() {
  const { t } = useTranslation(['menu', 'common']);
  const titleKey = useMatches({
    select: (matches) =>
      matches.findLast((m) => m.staticData.meta?.titleKey)?.staticData.meta?.titleKey,
  });
  const app = t('common:app.name');
  const title = titleKey ? `${t(`menu:${titleKey}`)} · ${app}` : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
