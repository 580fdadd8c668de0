import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorRow } from '../utils/MonitorRow';

/** An uptime percent, two decimals at most; a dash when nothing was checked in the range. */
export const uptimeText = (v: number | null): string => (v === null ? '—' : `${v}%`);

/** Uptime over 24 hours (emphasised), and under it over 7 and 30 days. */
export function UptimeCell({ row }: { row: MonitorRow }) {
  const { t } = useTranslation('monitor');
  const long = [
    ['7d', row.uptime7d],
    ['30d', row.uptime30d],
  ] as const;
  return (
    <Flex vertical style={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={t('uptime.24h')}>
        <Typography.Text strong aria-label={`${t('uptime.24h')}: ${uptimeText(row.uptime24h)}`}>
          {uptimeText(row.uptime24h)}
        </Typography.Text>
      </Tooltip>
      <Flex gap={8}>
        {long.map(([key, value]) => (
          <Tooltip key={key} title={t(`uptime.${key}`)}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${t(`uptime.short.${key}`)} ${uptimeText(value)}`}
            </Typography.Text>
          </Tooltip>
        ))}
      </Flex>
    </Flex>
  );
}
