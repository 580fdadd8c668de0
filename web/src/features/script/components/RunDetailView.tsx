import { ArrowLeftOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Collapse, Flex, Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../ui/ErrorState';
import { MonoText } from '../../../ui/MonoText';
import { useCodeBlockStyle } from '../../../ui/run/useCodeBlockStyle';
import { useRunDetail, type RunHistorySource } from '../hooks/useRunHistory';
import type { RunDetail } from '../utils/RunDetail';
import { runDuration } from '../../../ui/run/runDuration';
import { RunServerOutput } from './RunServerOutput';
import { RunStateTag } from '../../../ui/run/RunStateTag';

interface RunDetailViewProps<D extends RunDetail> {
  source: RunHistorySource<D>;
  id: number;
  onBack: () => void;
  onRunAgain: (run: D) => void;
  /** Why Run again cannot run now ('' or none when it can). */
  runAgainBlocked?: string | undefined;
  /** The heading of what ran; "Script" by default. */
  scriptLabel?: string | undefined;
}

/** A recorded run: who ran what, how, and every server's output; Run again hands it up. */
export function RunDetailView<D extends RunDetail>(props: RunDetailViewProps<D>) {
  const { source, id, onBack, onRunAgain, runAgainBlocked, scriptLabel } = props;
  const { t } = useTranslation('script');
  const codeBlock = useCodeBlockStyle(240);
  const detail = useRunDetail(source, id);
  const ran = scriptLabel ?? t('history.script');
  const back = (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      onClick={onBack}
      style={{ padding: 0, alignSelf: 'flex-start' }}
    >
      {t('history.back')}
    </Button>
  );
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError) {
    return (
      <Flex vertical align="flex-start">
        {back}
        <ErrorState title={t('history.loadRunFailed')} onRetry={() => void detail.refetch()} />
      </Flex>
    );
  }
  const run = detail.data;
  const open =
    run.serverList.length <= 4
      ? run.serverList.map((s) => String(s.serverId))
      : run.serverList.filter((s) => s.state !== 'ok').map((s) => String(s.serverId));

  return (
    <Flex vertical gap={12}>
      {back}
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('history.run', { time: run.insertTime })}
        </Typography.Title>
        <RunStateTag state={run.state} />
        <span style={{ marginInlineStart: 'auto' }}>
          <Tooltip title={runAgainBlocked || undefined}>
            <Button
              type="primary"
              icon={<RedoOutlined />}
              onClick={() => onRunAgain(run)}
              disabled={Boolean(runAgainBlocked)}
            >
              {t('history.runAgain')}
            </Button>
          </Tooltip>
        </span>
      </Flex>
      {run.title ? <Typography.Text strong>{run.title}</Typography.Text> : null}
      <Typography.Text type="secondary">
        {t('history.by', { name: run.username })} ·{' '}
        {t('history.settings', { interpreter: run.interpreter, timeout: run.timeout })}
      </Typography.Text>
      <Typography.Text strong>{ran}</Typography.Text>
      <pre aria-label={ran} style={codeBlock}>
        {run.script}
      </pre>
      <Typography.Text strong>{t('history.output')}</Typography.Text>
      <Collapse
        size="small"
        defaultActiveKey={open}
        items={run.serverList.map((s) => ({
          key: String(s.serverId),
          label: (
            <Flex align="center" gap={8} wrap>
              <Typography.Text strong>{s.serverName}</Typography.Text>
              <MonoText secondary style={{ fontSize: '0.9em' }}>
                {s.serverIp}
              </MonoText>
              <RunStateTag state={s.state} />
              <Typography.Text type="secondary" style={{ fontSize: '0.9em' }}>
                {s.exitCode !== null ? `${t('run.exitCode', { code: s.exitCode })} · ` : ''}
                {runDuration(s.durationMs)}
              </Typography.Text>
            </Flex>
          ),
          children: <RunServerOutput server={s} />,
        }))}
      />
    </Flex>
  );
}
