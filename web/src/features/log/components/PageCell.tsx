import { useRouter } from '@tanstack/react-router';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';

/**
 * The page a change was made on: its menu name when the console knows the path ("Servers"), with
 * the path below; the bare path otherwise (an API client's own header), a dash when none was sent.
 */
export function PageCell({ path }: { path: string }) {
  const { t } = useTranslation('menu');
  const router = useRouter();
  if (!path) return <Dash />;
  const route = (router.routesByPath as Record<string, { options: { staticData?: unknown } }>)[
    path
  ];
  const meta = route?.options.staticData as { meta?: { titleKey?: string } } | undefined;
  const titleKey = meta?.meta?.titleKey;
  if (!titleKey) return <Typography.Text code>{path}</Typography.Text>;
  return (
    <Flex vertical>
      <span>{t(titleKey as 'member')}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {path}
      </Typography.Text>
    </Flex>
  );
}
