import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorRow } from '../utils/MonitorRow';

/** An uptime percent, two decimals at most; a dash when nothing was checked in the range. */
export const uptimeText = (v: number | null): string => (v === null ? '—' : `${v}%`);

/** Uptime over 24 hours (emphasised), 7 and 30 days. */
export function UptimeCell({ row }: { row: MonitorRow }) {
  const { t } = useTranslation('monitor');
  const ranges = [
    ['24h', row.uptime24h],
    ['7d', row.uptime7d],
    ['30d', row.uptime30d],
  ] as const;
  return (
    <Flex gap={12} wrap={false}>
      {ranges.map(([key, value], i) => (
        <Tooltip key={key} title={t(`uptime.${key}`)}>
          <Flex vertical style={{ minWidth: 48 }}>
            <Typography.Text strong={i === 0} style={{ whiteSpace: 'nowrap' }}>
              {uptimeText(value)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`uptime.short.${key}`)}
            </Typography.Text>
          </Flex>
        </Tooltip>
      ))}
    </Flex>
  );
}
