import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverTimeMs } from '../../../ui/serverTime';
import { relativeTime } from '../utils/relativeTime';
import type { MonitorRow } from '../utils/MonitorRow';

/** When the monitor was last checked, as "2 minutes ago" with the exact time on hover. */
export function LastCheckCell({ row, now }: { row: MonitorRow; now: number }) {
  const { t, i18n } = useTranslation('monitor');
  const at = serverTimeMs(row.lastCheckTime);
  if (Number.isNaN(at)) {
    return <Typography.Text type="secondary">{t('lastCheck.never')}</Typography.Text>;
  }
  return (
    <Flex vertical>
      <Tooltip title={row.lastCheckTime}>
        <span tabIndex={0} style={{ whiteSpace: 'nowrap' }} aria-label={row.lastCheckTime}>
          {relativeTime(at, now, i18n.language)}
        </span>
      </Tooltip>
      {row.lastError ? (
        <Tooltip title={row.lastError}>
          <Typography.Text type="danger" ellipsis style={{ maxWidth: 220, fontSize: 12 }}>
            {row.lastError}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

/** The last check's latency: ms below a second, else seconds; a dash before the first check. */
export function LatencyText({ row }: { row: MonitorRow }) {
  if (!row.lastCheckTime) return <Typography.Text type="secondary">—</Typography.Text>;
  const ms = row.latencyMs;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`}
    </span>
  );
}
