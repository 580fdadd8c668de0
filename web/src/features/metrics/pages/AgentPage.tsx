import { ArrowLeftOutlined } from '@ant-design/icons';
import type { MetricRange } from '@ferry/contract/client';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Button, Col, Empty, Flex, Row } from 'antd';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { ErrorState } from '../../../ui/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { useDialog } from '../../../ui/useDialog';
import { AgentHeader } from '../components/AgentHeader';
import { LazyAgentRunDrawer } from '../components/LazyAgentRunDrawer';
import { MetricsCharts } from '../components/MetricsCharts';
import { SourceSettingsModal } from '../components/SourceSettingsModal';
import { WarningRules } from '../components/WarningRules';
import { useMetricsSource } from '../hooks/useMetricsSource';
import { useServerMetrics } from '../hooks/useServerMetrics';
import type { AgentAction } from '../components/AgentRunDrawer';
import { itemChoices, itemOptions } from '../utils/itemChoices';
import { DEFAULT_METRIC_RANGE } from '../utils/metricRanges';

const route = getRouteApi('/app/server/agent');

/** A server's metrics: its collection, 8 live charts over a chosen range, and its warning rules. */
function ServerMetrics({ serverId, name }: { serverId: number; name: string }) {
  const { t } = useTranslation(['metrics', 'menu']);
  const [range, setRange] = useState<MetricRange>(DEFAULT_METRIC_RANGE);
  const source = useMetricsSource(serverId);
  const metrics = useServerMetrics(serverId, range);
  const agentRun = useDialog<AgentAction>();
  const settings = useDialog<never>();
  const self = useMemo(
    () => [{ id: serverId, name, ip: '', port: 0, description: '' }],
    [serverId, name],
  );
  const selfIds = useMemo(() => [serverId], [serverId]);
  const choices = useMemo(() => itemChoices(metrics.data?.series ?? []), [metrics.data]);
  const options = useMemo(
    () => itemOptions(choices, (key) => t(`metrics:panel.${key}`)),
    [choices, t],
  );

  return (
    <Flex vertical gap={12}>
      {source.isError && !source.data ? (
        <ErrorState
          title={t('metrics:page.loadFailed')}
          detail={errorText(source.error)}
          onRetry={() => void source.refetch()}
        />
      ) : (
        <AgentHeader
          source={source.data}
          lastSampleTime={metrics.data?.lastSampleTime ?? 0}
          onInstall={() => agentRun.show('install')}
          onUninstall={() => agentRun.show('uninstall')}
          onSettings={() => settings.show()}
        />
      )}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16} xxl={17}>
          <MetricsCharts
            metrics={metrics}
            range={range}
            onRange={setRange}
            state={source.data?.state}
            off={source.data?.mode === 'off'}
          />
        </Col>
        <Col xs={24} xl={8} xxl={7}>
          <WarningRules serverId={serverId} items={choices} itemOptions={options} />
        </Col>
      </Row>
      <LazyAgentRunDrawer
        open={agentRun.open}
        action={agentRun.value ?? 'install'}
        servers={self}
        selected={selfIds}
        onClose={agentRun.close}
      />
      {source.data ? (
        <SourceSettingsModal open={settings.open} source={source.data} onClose={settings.close} />
      ) : null}
    </Flex>
  );
}

/**
 * /server/agent?serverId=: the metrics page of the server the list linked to (hidden from the
 * menu, which keeps the server list lit; the rule form's alert fields are the monitor feature's).
 */
export function AgentPage(): ReactElement {
  const { t } = useTranslation(['metrics', 'menu']);
  const { serverId } = route.useSearch();
  const servers = useServerOptions();
  const server = servers.data?.find((s) => s.id === serverId);
  const name = server?.name ?? (serverId ? `#${serverId}` : '');
  return (
    <>
      <PageHeader
        title={name ? `${t('menu:serverAgent')} · ${name}` : t('menu:serverAgent')}
        subtitle={t('metrics:page.subtitle')}
        extra={
          <Link to="/server/index">
            <Button icon={<ArrowLeftOutlined />}>{t('metrics:page.back')}</Button>
          </Link>
        }
      />
      {serverId ? (
        <ServerMetrics key={serverId} serverId={serverId} name={name} />
      ) : (
        <Empty description={t('metrics:page.noServer')} />
      )}
    </>
  );
}
