import { Descriptions, Drawer, Empty, Flex, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChannelName } from '../hooks/useChannelName';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { MonoText } from '../../../ui/MonoText';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useDeliveryAttempts } from '../hooks/useDeliveries';
import type { AttemptRow, DeliveryRow } from '../utils/deliveryRow';
import { DeliveryStateTag } from './DeliveryStateTag';

interface AttemptsDrawerProps {
  open: boolean;
  row?: DeliveryRow;
  onClose: () => void;
}

/** Every try of one message: when, the HTTP status, the channel's code and message, how long. */
export function AttemptsDrawer({ open, row, onClose }: AttemptsDrawerProps) {
  const { t } = useTranslation('notification');
  const mobile = useIsMobile();
  const channelName = useChannelName();
  const attempts = useDeliveryAttempts(open ? row?.id : undefined, row?.state === 'pending');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 560}
      title={row ? t('attempts.title', { subject: row.subject }) : undefined}
    >
      {row ? (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 24 }}
          items={[
            { key: 'state', label: t('attempts.state'), children: <DeliveryStateTag row={row} /> },
            { key: 'channel', label: t('attempts.channel'), children: channelName(row.channel) },
            {
              key: 'target',
              label: t('attempts.target'),
              children: <MonoText>{row.targetHost || '—'}</MonoText>,
            },
            { key: 'created', label: t('attempts.created'), children: row.insertTime },
          ]}
        />
      ) : null}
      {attempts.isError ? (
        <ErrorState
          title={t('attempts.loadFailed')}
          detail={errorText(attempts.error)}
          onRetry={() => void attempts.refetch()}
        />
      ) : attempts.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : attempts.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attempts.none')} />
      ) : (
        <Timeline
          items={attempts.data.map((a) => ({
            key: a.attempt,
            color: a.code === 'ok' ? 'green' : 'red',
            content: <Attempt attempt={a} />,
          }))}
        />
      )}
    </Drawer>
  );
}

/** One try, as a line of facts and the channel's message under it. */
function Attempt({ attempt: a }: { attempt: AttemptRow }) {
  const { t } = useTranslation('notification');
  return (
    <Flex vertical gap={4} data-testid="attempt">
      <Flex gap={8} wrap align="center">
        <Typography.Text strong>{t('attempts.attempt', { n: a.attempt })}</Typography.Text>
        <Typography.Text type="secondary">{a.time}</Typography.Text>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Tag color={a.code === 'ok' ? 'success' : 'error'} variant="filled">
          {a.code}
        </Tag>
        <Typography.Text type="secondary">
          {a.httpStatus
            ? t('attempts.httpStatus', { status: a.httpStatus })
            : t('attempts.noStatus')}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('attempts.duration', { ms: a.durationMs })}
        </Typography.Text>
      </Flex>
      {a.message ? <MonoText style={{ wordBreak: 'break-word' }}>{a.message}</MonoText> : null}
    </Flex>
  );
}
