import { Flex, Tag, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const FIELDS = ['minute', 'hour', 'day', 'month', 'week'] as const;
const SPECIALS = [
  ['*', 'all'],
  [',', 'list'],
  ['-', 'range'],
  ['/', 'interval'],
] as const;

/** The five fields and the special characters, as product.md §2 lists them. */
export function CronHelp(): ReactElement {
  const { t } = useTranslation('toolbox');
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('cron.help.title')}</Typography.Text>
      <Flex wrap gap={6}>
        {FIELDS.map((field) => (
          <Tag key={field} style={{ marginInlineEnd: 0 }}>
            {t(`cron.help.${field}`)}
          </Tag>
        ))}
      </Flex>
      <Typography.Text type="secondary">{t('cron.help.extra')}</Typography.Text>
      <Typography.Text type="secondary">{t('cron.help.specialTitle')}</Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {SPECIALS.map(([char, key]) => (
          <li key={key}>
            <Typography.Text code>{char}</Typography.Text> {t(`cron.help.${key}`)}
          </li>
        ))}
      </ul>
    </Flex>
  );
}
