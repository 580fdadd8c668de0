import { useMatches } from '@tanstack/react-router';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '../../ui/Text';

/** Where the user is: "Account / Profile"; the page title alone when space is short. */
export function PageBreadcrumb({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('menu');
  const titles = useMatches({
    select: (ms) =>
      ms
        .flatMap((m) => {
          const key = m.staticData.meta?.titleKey;
          return key ? [key] : [];
        })
        // A section whose page has the same title (Members / Members) shows it once.
        .filter((key, i, keys) => key !== keys[i - 1]),
    structuralSharing: true,
  });
  const last = titles.at(-1);
  if (!last) return null;
  if (compact || titles.length === 1) {
    return (
      <Text strong ellipsis style={{ fontSize: 16 }}>
        {t(last)}
      </Text>
    );
  }
  return (
    <Breadcrumb
      items={titles.map((key, i) => ({
        key,
        title: i === titles.length - 1 ? <Text strong>{t(key)}</Text> : t(key),
      }))}
    />
  );
}
