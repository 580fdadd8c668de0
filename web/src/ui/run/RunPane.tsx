import { StopOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENDED_STATES, type Pane } from './runView';
import { runDuration } from './runDuration';
import { Elapsed } from './Elapsed';
import { ServerOutput } from './ServerOutput';
import { RunStateTag } from './RunStateTag';

interface RunPaneProps {
  pane: Pane;
  /** Stops the script on this server; absent while the run has no id yet. */
  onStop?: () => void;
  /** Whether the run can be stopped at all (a Stop is shown while it goes). */
  stoppable?: boolean;
}

/** One server's part of the run: its state, exit code and time, its output, and its Stop. */
export function RunPane({ pane, onStop, stoppable = true }: RunPaneProps) {
  const { t } = useTranslation('script');
  const ended = ENDED_STATES.has(pane.state);
  return (
    <Card size="small" styles={{ body: { padding: 10 } }} role="group" aria-label={pane.serverName}>
      <Flex vertical gap={8}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong ellipsis style={{ flex: '1 1 120px', minWidth: 0 }}>
            {pane.serverName}
          </Typography.Text>
          <RunStateTag state={pane.state} />
          {pane.exitCode !== null ? (
            <Typography.Text type="secondary" style={{ fontSize: '0.9em' }}>
              {t('run.exitCode', { code: pane.exitCode })}
            </Typography.Text>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: '0.9em' }}>
            {pane.durationMs !== undefined ? runDuration(pane.durationMs) : null}
            {pane.durationMs === undefined && pane.state === 'running' && pane.startedAt ? (
              <Elapsed since={pane.startedAt} />
            ) : null}
          </Typography.Text>
          {!ended && stoppable ? (
            <Button
              size="small"
              danger
              icon={<StopOutlined />}
              loading={pane.stopping}
              disabled={!onStop}
              onClick={onStop}
              aria-label={t('run.stopOn', { name: pane.serverName })}
            >
              {t('run.stop')}
            </Button>
          ) : null}
        </Flex>
        <ServerOutput
          serverName={pane.serverName}
          output={pane.output}
          ended={ended}
          error={pane.state === 'ok' ? '' : pane.error}
          maxHeight={320}
        />
      </Flex>
    </Card>
  );
}
