import { CloudDownloadOutlined, DeleteOutlined, SettingOutlined } from '@ant-design/icons';
import { Perm } from '@ferry/contract/client';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import type { MetricsSourceRow } from '../utils/metricsRows';
import { AgentStateTag, ModeTag, SourceStateTag } from './SourceTags';

interface AgentHeaderProps {
  source: MetricsSourceRow | undefined;
  /** The newest sample (epoch ms), live from the charts; 0 when none is known. */
  lastSampleTime: number;
  onInstall: () => void;
  onUninstall: () => void;
  onSettings: () => void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 120 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Flex align="center" gap={4} wrap>
        {children}
      </Flex>
    </Flex>
  );
}

/** The newer of the source's last sample (server time text) and the live one (epoch ms). */
function lastSampleText(source: MetricsSourceRow, live: number, never: string): string {
  const stored = source.lastSampleTime ? dayjs(source.lastSampleTime) : undefined;
  const newest = live > 0 && (!stored || live > stored.valueOf()) ? dayjs(live) : stored;
  return newest?.isValid() ? newest.format('YYYY-MM-DD HH:mm:ss') : never;
}

/**
 * How the server's metrics are collected (mode, interval, state, last sample, the agent's install
 * state and the last errors) and, for InstallAgent, install, reinstall or uninstall the agent and
 * the collection settings.
 */
export function AgentHeader({
  source,
  lastSampleTime,
  onInstall,
  onUninstall,
  onSettings,
}: AgentHeaderProps) {
  const { t } = useTranslation('metrics');
  const mayInstall = usePermission([Perm.InstallAgent]);
  if (!source) {
    return (
      <Card size="small">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  const hasAgent = source.mode === 'push' || source.agentState !== 'none';
  return (
    <Card size="small">
      <Flex vertical gap={8}>
        <Flex gap={24} wrap align="flex-start">
          <Field label={t('header.mode')}>
            <ModeTag mode={source.mode} />
            {source.mode !== 'off' ? (
              <Typography.Text type="secondary">
                {t('header.interval', { seconds: source.interval })}
              </Typography.Text>
            ) : null}
          </Field>
          <Field label={t('header.state')}>
            <SourceStateTag state={source.state} />
          </Field>
          <Field label={t('header.lastSample')}>
            <Typography.Text>
              {lastSampleText(source, lastSampleTime, t('header.never'))}
            </Typography.Text>
          </Field>
          <Field label={t('header.agent')}>
            <AgentStateTag state={source.agentState} />
            {source.agentTime ? (
              <Typography.Text type="secondary">{source.agentTime}</Typography.Text>
            ) : null}
          </Field>
          {mayInstall ? (
            <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
              <Button icon={<CloudDownloadOutlined />} onClick={onInstall}>
                {t(hasAgent ? 'action.reinstall' : 'action.install')}
              </Button>
              {hasAgent ? (
                <Button danger icon={<DeleteOutlined />} onClick={onUninstall}>
                  {t('action.uninstall')}
                </Button>
              ) : null}
              <Button icon={<SettingOutlined />} onClick={onSettings}>
                {t('action.collection')}
              </Button>
            </Flex>
          ) : null}
        </Flex>
        {source.state === 'unreachable' && source.lastError ? (
          <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }}>
            {t('header.error', { error: source.lastError })}
          </Typography.Text>
        ) : null}
        {source.agentState === 'failed' && source.agentError ? (
          <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }}>
            {t('header.error', { error: source.agentError })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}
