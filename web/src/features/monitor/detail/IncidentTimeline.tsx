import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Collapse, Empty, Flex, Skeleton, Tag, theme, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { useCodeBlockStyle } from '../../../ui/run/useCodeBlockStyle';
import { downtime } from './downtime';
import type { MonitorIncident } from './monitorTypes';
import { useMonitorIncidents } from './useMonitorHistory';

function Incident({ incident }: { incident: MonitorIncident }) {
  const { t } = useTranslation('monitorDetail');
  const codeStyle = useCodeBlockStyle(240);
  const ongoing = incident.endTime === '';
  const outputs = [
    { key: 'fail', label: t('incidents.failScript'), text: incident.failScriptOutput },
    { key: 'success', label: t('incidents.successScript'), text: incident.successScriptOutput },
  ].filter((o) => o.text !== '');
  return (
    <Flex vertical gap={6} style={{ minWidth: 0 }}>
      <Flex wrap gap={8} align="center">
        {ongoing ? (
          <Tag color="error">{t('incidents.ongoing')}</Tag>
        ) : (
          <Tag color="success">{t('incidents.resolved')}</Tag>
        )}
        <Typography.Text strong>
          {t(ongoing ? 'incidents.durationSoFar' : 'incidents.duration', {
            duration: downtime(incident.duration),
          })}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('incidents.started', { time: incident.startTime })}
        {ongoing ? null : ` · ${t('incidents.ended', { time: incident.endTime })}`}
      </Typography.Text>
      {incident.error ? <pre style={codeStyle}>{incident.error}</pre> : null}
      <Flex wrap gap={16} style={{ fontSize: 12 }}>
        <Typography.Text type="secondary">
          {t('incidents.alertsSent')}: <Typography.Text>{incident.alertsSent}</Typography.Text>
        </Typography.Text>
        {ongoing ? null : (
          <Typography.Text type="secondary">
            {t('incidents.recovery')}:{' '}
            <Typography.Text type={incident.recoverySent ? 'success' : 'warning'}>
              {incident.recoverySent ? t('incidents.recoverySent') : t('incidents.recoveryNotSent')}
            </Typography.Text>
          </Typography.Text>
        )}
      </Flex>
      {outputs.length > 0 ? (
        <Collapse
          size="small"
          ghost
          items={outputs.map((o) => ({
            key: o.key,
            label: o.label,
            children: <pre style={codeStyle}>{o.text}</pre>,
          }))}
        />
      ) : null}
    </Flex>
  );
}

/** The monitor's outages, newest first: when, how long, why, what was sent; more on demand. */
export function IncidentTimeline({ monitorId }: { monitorId: number }) {
  const { t } = useTranslation('monitorDetail');
  const { token } = theme.useToken();
  const incidents = useMonitorIncidents(monitorId);
  const list = incidents.data?.pages.flatMap((p) => p.list) ?? [];
  const total = incidents.data?.pages.at(-1)?.pagination.total ?? 0;

  let body;
  if (incidents.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  } else if (incidents.isError && list.length === 0) {
    body = (
      <ErrorState
        title={t('incidents.loadFailed')}
        detail={errorText(incidents.error)}
        onRetry={() => void incidents.refetch()}
      />
    );
  } else if (list.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('incidents.empty')} />;
  } else {
    body = (
      <Flex vertical gap={8}>
        <Timeline
          items={list.map((incident) => ({
            key: incident.id,
            icon:
              incident.endTime === '' ? (
                <ExclamationCircleOutlined style={{ color: token.colorError }} />
              ) : (
                <CheckCircleOutlined style={{ color: token.colorSuccess }} />
              ),
            content: <Incident incident={incident} />,
          }))}
        />
        {incidents.hasNextPage ? (
          <Button
            block
            loading={incidents.isFetchingNextPage}
            onClick={() => void incidents.fetchNextPage()}
          >
            {t('incidents.loadMore', { shown: list.length, total })}
          </Button>
        ) : null}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('incidents.title')}
      </Typography.Title>
      {body}
    </Flex>
  );
}
