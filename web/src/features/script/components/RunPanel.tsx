import { CodeOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Popconfirm, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { runProgress, type RunView } from '../utils/runView';
import { RunPane } from './RunPane';
import { RunStateTag } from './RunStateTag';

interface RunPanelProps {
  view: RunView | undefined;
  running: boolean;
  onStop: (serverId?: number) => void;
  /** What the card says before the first run; the script page's words by default. */
  idle?: string;
}

/** The run on screen: its progress, Stop all, and a pane per server (stacked on narrow screens). */
export function RunPanel({ view, running, onStop, idle }: RunPanelProps) {
  const { t } = useTranslation('script');
  if (!view) {
    return (
      <Card size="small" title={t('run.title')}>
        <Empty
          image={<CodeOutlined style={{ fontSize: 40, opacity: 0.45 }} />}
          description={idle ?? t('run.idle')}
        />
      </Card>
    );
  }
  const progress = runProgress(view);
  const started = view.runId !== undefined;
  const finished = !running && view.state !== 'starting' && view.state !== 'running';
  return (
    <Card
      size="small"
      title={t('run.title')}
      extra={
        running ? (
          <Popconfirm
            title={t('run.stopAllConfirm')}
            onConfirm={() => onStop()}
            disabled={!started}
          >
            <Button size="small" danger icon={<StopOutlined />} disabled={!started}>
              {t('run.stopAll')}
            </Button>
          </Popconfirm>
        ) : finished ? (
          <RunStateTag state={view.state as Exclude<RunView['state'], 'starting'>} />
        ) : null
      }
    >
      <Flex vertical gap={12}>
        <Flex align="center" gap={12} wrap role="status">
          <Progress
            percent={progress.total ? Math.round((progress.ended / progress.total) * 100) : 0}
            status={running ? 'active' : progress.notOk > 0 ? 'exception' : 'success'}
            showInfo={false}
            size="small"
            style={{ flex: '1 1 200px', margin: 0, minWidth: 160 }}
          />
          <Typography.Text type="secondary">
            {started
              ? `${t('run.progress', progress)} · ${t('run.counts', progress)}`
              : t('run.starting')}
          </Typography.Text>
        </Flex>
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 440px), 1fr))',
            gap: 12,
          }}
        >
          {view.panes.map((pane) => (
            <RunPane
              key={pane.serverId}
              pane={pane}
              onStop={started ? () => onStop(pane.serverId) : undefined}
            />
          ))}
        </div>
      </Flex>
    </Card>
  );
}
