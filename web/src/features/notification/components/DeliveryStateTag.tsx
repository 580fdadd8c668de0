import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryRow, DeliveryState } from '../utils/deliveryRow';

const LOOK: Record<DeliveryState, { color: string; icon: ReactNode }> = {
  pending: { color: 'processing', icon: <ClockCircleOutlined /> },
  sent: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

/** The time of day of a `YYYY-MM-DD HH:mm:ss` time: the next try is minutes away. */
const clockOf = (time: string) => time.split(' ')[1] ?? time;

/** Where a message stands; a pending one says when it is tried next. */
export function DeliveryStateTag({ row }: { row: DeliveryRow }) {
  const { t } = useTranslation('notification');
  const { color, icon } = LOOK[row.state];
  const tag = (
    <Tag color={color} icon={icon} variant="filled" style={{ marginInlineEnd: 0 }}>
      {t(`delivery.states.${row.state}`)}
    </Tag>
  );
  if (row.state !== 'pending' || !row.nextAttemptTime) return tag;
  return (
    <Flex vertical gap={2} align="flex-start">
      {tag}
      <Tooltip title={row.nextAttemptTime}>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {t('delivery.nextTry', { time: clockOf(row.nextAttemptTime) })}
        </Typography.Text>
      </Tooltip>
    </Flex>
  );
}
