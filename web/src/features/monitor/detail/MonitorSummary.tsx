import type { MonitorRow } from '@ferry/contract/client';
import { Badge, Flex, theme, Typography, type BadgeProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import { useCodeBlockStyle } from '../../../ui/run/useCodeBlockStyle';
import { uptimeText } from './downtime';
import type { LiveState } from './liveState';

const BADGE: Record<LiveState['status'], BadgeProps['status']> = {
  unknown: 'default',
  up: 'success',
  failing: 'warning',
  down: 'error',
  paused: 'default',
};

/** The state's dot and word. */
export function StateBadge({ status }: { status: LiveState['status'] }) {
  const { t } = useTranslation('monitorDetail');
  return <Badge status={BADGE[status] ?? 'default'} text={t(`status.${status}`)} />;
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div>{children}</div>
    </Flex>
  );
}

function Uptime({ percent }: { percent: number | null }) {
  const { t } = useTranslation('monitorDetail');
  const { token } = theme.useToken();
  if (percent === null) return <Dash />;
  const color =
    percent >= 99 ? token.colorSuccess : percent >= 95 ? token.colorWarning : token.colorError;
  return (
    <Typography.Text strong style={{ color }}>
      {t('summary.uptime', { percent: uptimeText(percent) })}
    </Typography.Text>
  );
}

interface MonitorSummaryProps {
  monitor: MonitorRow;
  state: LiveState;
}

/**
 * The monitor now: its state, uptime over 24 hours, 7 and 30 days, the last latency and check,
 * and why it last failed (the failing check's reason, else the last alert's error).
 */
export function MonitorSummary({ monitor, state }: MonitorSummaryProps) {
  const { t } = useTranslation('monitorDetail');
  const codeStyle = useCodeBlockStyle(160);
  const failing = state.lastError !== '';
  const error = failing ? state.lastError : monitor.errorContent;
  const errorLabel = failing ? t('error.lastCheck') : t('error.lastAlert');
  return (
    <Flex vertical gap={12}>
      <section
        aria-label={t('summary.label')}
        style={{
          display: 'grid',
          gap: 12,
          gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))',
        }}
      >
        <Stat label={t('summary.label')}>
          <Flex vertical>
            <StateBadge status={state.status} />
            {state.failCount > 0 ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('failCount', { count: state.failCount })}
              </Typography.Text>
            ) : null}
          </Flex>
        </Stat>
        <Stat label={t('summary.uptime24h')}>
          <Uptime percent={monitor.uptime24h} />
        </Stat>
        <Stat label={t('summary.uptime7d')}>
          <Uptime percent={monitor.uptime7d} />
        </Stat>
        <Stat label={t('summary.uptime30d')}>
          <Uptime percent={monitor.uptime30d} />
        </Stat>
        <Stat label={t('summary.latency')}>
          {state.lastCheckTime ? (
            <Typography.Text>{t('summary.latencyValue', { ms: state.latencyMs })}</Typography.Text>
          ) : (
            <Dash />
          )}
        </Stat>
        <Stat label={t('summary.lastCheck')}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>
            {state.lastCheckTime || t('summary.never')}
          </Typography.Text>
        </Stat>
      </section>
      {error ? (
        <Flex vertical gap={4}>
          <Typography.Text type={failing ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
            {errorLabel}
          </Typography.Text>
          <pre aria-label={errorLabel} style={codeStyle}>
            {error}
          </pre>
        </Flex>
      ) : null}
    </Flex>
  );
}
