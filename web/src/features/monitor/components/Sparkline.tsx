import { SPARKLINE_SPAN_S } from '@ferry/contract/client';
import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sparkShape } from '../utils/sparkline';
import type { SparkPoint } from '../utils/MonitorRow';

const WIDTH = 120;
const HEIGHT = 28;

interface SparklineProps {
  points: readonly SparkPoint[] | undefined;
  now: number;
}

/**
 * The last hour's latency as a tiny line (no chart library in the list): a minute whose checks
 * all failed breaks the line and is marked red at the bottom.
 */
export function Sparkline({ points, now }: SparklineProps) {
  const { t } = useTranslation('monitor');
  const { token } = theme.useToken();
  if (!points || points.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {points ? t('sparkline.none') : '—'}
      </Typography.Text>
    );
  }
  const shape = sparkShape(points, {
    width: WIDTH,
    height: HEIGHT,
    now,
    spanMs: SPARKLINE_SPAN_S * 1000,
  });
  const latencies = points.flatMap(([, v]) => (v === null ? [] : [v]));
  const label = t('sparkline.label', {
    min: latencies.length ? Math.min(...latencies) : 0,
    max: latencies.length ? Math.max(...latencies) : 0,
    failed: shape.failures.length,
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      style={{ display: 'block', overflow: 'visible' }}
    >
      <title>{label}</title>
      <line
        x1={0}
        y1={HEIGHT - 0.5}
        x2={WIDTH}
        y2={HEIGHT - 0.5}
        stroke={token.colorBorderSecondary}
        strokeWidth={1}
      />
      {shape.lines.map((line) => (
        <polyline
          key={line}
          points={line}
          fill="none"
          stroke={token.colorPrimary}
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
      {shape.failures.map((x) => (
        <rect key={x} x={x - 1} y={HEIGHT - 8} width={2} height={8} fill={token.colorError} />
      ))}
    </svg>
  );
}
