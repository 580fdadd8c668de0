import {
  agentRoutes,
  DEFAULT_METRIC_INTERVAL_S,
  MAX_METRIC_INTERVAL_S,
  MIN_METRIC_INTERVAL_S,
} from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { RunPanel } from '../../../ui/run/RunPanel';
import { ServerChecklist, type ChecklistServer } from '../../../ui/run/ServerChecklist';
import { useRemoteRun } from '../../../ui/run/useRemoteRun';

/** Install (or reinstall) the push agent, or uninstall it. */
export type AgentAction = 'install' | 'uninstall';

export interface AgentRunDrawerProps {
  open: boolean;
  action: AgentAction;
  /** The servers offered; all of them ticked at first when `selected` is absent. */
  servers: readonly ChecklistServer[];
  selected?: readonly number[];
  onClose: () => void;
}

/**
 * Installs or uninstalls the agent on several servers at once: tick the servers, set the report
 * interval and the console's address, then each server's output streams into its own pane (the
 * run goes on when the drawer closes). Every change of the run reads the metrics again.
 */
export function AgentRunDrawer({ open, action, servers, selected, onClose }: AgentRunDrawerProps) {
  const { t } = useTranslation('metrics');
  const client = useQueryClient();
  // What the user ticked; until then the servers asked for (or all of them).
  const [picked, setPicked] = useState<number[]>();
  const [every, setEvery] = useState<number | null>(DEFAULT_METRIC_INTERVAL_S);
  const [reportURL, setReportURL] = useState('');
  const run = useRemoteRun({
    onChange: () => void client.invalidateQueries({ queryKey: ['metrics'] }),
  });
  const install = action === 'install';

  const ids = picked ?? selected ?? servers.map((s) => s.id);
  const close = () => {
    setPicked(undefined);
    onClose();
  };

  const chosen = servers.filter((s) => ids.includes(s.id));
  const start = () =>
    void run.start(
      chosen.map((s) => ({ id: s.id, name: s.name })),
      (watchId) =>
        install
          ? call(agentRoutes.installAgent, {
              ids: chosen.map((s) => s.id),
              interval: every ?? DEFAULT_METRIC_INTERVAL_S,
              reportURL: reportURL.trim(),
              watchId,
            })
          : call(agentRoutes.uninstallAgent, { ids: chosen.map((s) => s.id), watchId }),
    );

  return (
    <ResponsiveDrawer
      open={open}
      width={760}
      title={t(install ? 'install.title' : 'install.uninstallTitle')}
      onClose={close}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('form.cancel')}</Button>
          <Button
            type="primary"
            danger={!install}
            loading={run.running}
            disabled={chosen.length === 0}
            title={chosen.length === 0 ? t('install.pickServers') : undefined}
            onClick={start}
          >
            {t(install ? 'install.start' : 'install.startUninstall')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Form layout="vertical" disabled={run.running} component="div">
          <Form.Item label={t('install.servers')} required>
            <ServerChecklist
              servers={servers}
              selected={ids}
              onChange={setPicked}
              disabled={run.running}
            />
          </Form.Item>
          {install ? (
            <Flex gap={16} wrap>
              <Form.Item
                label={t('install.interval')}
                extra={t('source.intervalHelp', {
                  min: MIN_METRIC_INTERVAL_S,
                  max: MAX_METRIC_INTERVAL_S,
                })}
                style={{ flex: '1 1 180px' }}
              >
                <InputNumber
                  value={every}
                  onChange={setEvery}
                  min={MIN_METRIC_INTERVAL_S}
                  max={MAX_METRIC_INTERVAL_S}
                  precision={0}
                  suffix={t('source.unitS')}
                  aria-label={t('install.interval')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
              <Form.Item
                label={t('install.reportURL')}
                extra={t('install.reportURLHelp')}
                style={{ flex: '2 1 280px' }}
              >
                <Input
                  value={reportURL}
                  onChange={(e) => setReportURL(e.target.value)}
                  placeholder={window.location.origin}
                  aria-label={t('install.reportURL')}
                  autoComplete="off"
                />
              </Form.Item>
            </Flex>
          ) : null}
        </Form>
        <RunPanel
          view={run.view}
          running={run.running}
          title={t('install.runTitle')}
          idleText={t('install.idle')}
        />
      </Flex>
    </ResponsiveDrawer>
  );
}
