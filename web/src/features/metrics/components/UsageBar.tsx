import { Flex, Progress, theme, Typography } from 'antd';
import { formatMetric } from '../utils/metricUnits';

/** The colour of a usage: warning from 75%, error from 90%. */
export function usageColor(
  percent: number,
  token: { colorSuccess: string; colorWarning: string; colorError: string },
) {
  if (percent >= 90) return token.colorError;
  if (percent >= 75) return token.colorWarning;
  return token.colorSuccess;
}

/** One small labelled bar of the server list's usage cell; a dash without a value. */
export function UsageBar({ label, percent }: { label: string; percent: number | null }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={6} style={{ fontSize: 12, lineHeight: '16px' }}>
      <Typography.Text type="secondary" style={{ width: 34, fontSize: 12, flex: 'none' }}>
        {label}
      </Typography.Text>
      <Progress
        percent={percent ?? 0}
        showInfo={false}
        size={{ width: 64, height: 6 }}
        strokeColor={percent === null ? undefined : usageColor(percent, token)}
        aria-hidden
        style={{ margin: 0, width: 64, lineHeight: 1 }}
      />
      <Typography.Text style={{ fontSize: 12, minWidth: 40, fontVariantNumeric: 'tabular-nums' }}>
        {percent === null ? '–' : formatMetric(percent, 'percent')}
      </Typography.Text>
    </Flex>
  );
}
