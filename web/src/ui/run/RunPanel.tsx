import { CodeOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Popconfirm, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { runProgress, type RunView } from './runView';
import { RunPane } from './RunPane';
import { RunStateTag } from './RunStateTag';

interface RunPanelProps {
  view: RunView | undefined;
  running: boolean;
  /** Stops the run on one server or all; without it (runs that cannot stop) no Stop is shown. */
  onStop?: (serverId?: number) => void;
  /** The card's title; "Output" by default. */
  title?: string;
  /** Said before the first run; the script page's hint by default. */
  idleText?: string;
}

/** The run on screen: its progress, Stop all, and a pane per server (stacked on narrow screens). */
export function RunPanel({ view, running, onStop, title, idleText }: RunPanelProps) {
  const { t } = useTranslation('script');
  const heading = title ?? t('run.title');
  if (!view) {
    return (
      <Card size="small" title={heading}>
        <Empty
          image={<CodeOutlined style={{ fontSize: 40, opacity: 0.45 }} />}
          description={idleText ?? t('run.idle')}
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
      title={heading}
      extra={
        running && onStop ? (
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
              stoppable={onStop !== undefined}
              onStop={started && onStop ? () => onStop(pane.serverId) : undefined}
            />
          ))}
        </div>
      </Flex>
    </Card>
  );
}
