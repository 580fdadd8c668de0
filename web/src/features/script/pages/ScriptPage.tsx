import { HistoryOutlined } from '@ant-design/icons';
import { scriptRoutes } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Row } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { PageHeader } from '../../../ui/PageHeader';
import { useFeedback } from '../../../ui/useFeedback';
import { RunHistoryDrawer } from '../components/RunHistoryDrawer';
import { RunPanel } from '../../../ui/run/RunPanel';
import { ScriptCard } from '../components/ScriptCard';
import { ServersCard } from '../components/ServersCard';
import { asStarted, useRemoteRun } from '../../../ui/run/useRemoteRun';
import { scriptRunHistory } from '../hooks/useRunHistory';
import type { RunDetail } from '../utils/RunDetail';
import { draftOf, EMPTY_DRAFT, type ScriptDraft } from '../utils/ScriptDraft';

const stopScript = (runId: number, serverId?: number) =>
  call(scriptRoutes.stopScript, { runId, serverId });

/**
 * /server/script: one script on many servers at once (goploy's batch script page), each
 * server's output live in its own pane, and the runs before it in the history.
 */
export function ScriptPage(): ReactElement {
  const { t } = useTranslation(['menu', 'script']);
  const { message } = useFeedback();
  const servers = useServerOptions();
  const [draft, setDraft] = useState<ScriptDraft>(EMPTY_DRAFT);
  const [serverIds, setServerIds] = useState<number[]>([]);
  const [historyOpen, setHistoryOpen] = useState(false);
  const queryClient = useQueryClient();
  const run = useRemoteRun({
    stopRun: stopScript,
    onChange: () => void queryClient.invalidateQueries({ queryKey: scriptRunHistory.key }),
  });
  // Only servers still offered count: one removed since it was ticked is not sent.
  const chosen = (servers.data ?? []).filter((s) => serverIds.includes(s.id));

  const runAgain = (past: RunDetail) => {
    const offered = new Set((servers.data ?? []).map((s) => s.id));
    const missing = past.serverList.filter((s) => !offered.has(s.serverId));
    setDraft(draftOf(past));
    setServerIds(past.serverList.filter((s) => offered.has(s.serverId)).map((s) => s.serverId));
    setHistoryOpen(false);
    if (missing.length > 0) {
      void message.warning(
        t('script:history.missing', { names: missing.map((s) => s.serverName).join(', ') }),
      );
    } else {
      void message.info(t('script:history.loaded'));
    }
  };

  return (
    <>
      <PageHeader
        title={t('menu:script')}
        subtitle={t('script:subtitle')}
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
            {t('script:history.open')}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <ServersCard selected={serverIds} onChange={setServerIds} disabled={run.running} />
        </Col>
        <Col xs={24} xl={16}>
          <ScriptCard
            draft={draft}
            onDraft={(change) => setDraft((d) => ({ ...d, ...change }))}
            serverCount={chosen.length}
            running={run.running}
            onRun={() =>
              void run.start(chosen, async (watchId) =>
                asStarted(
                  await call(scriptRoutes.execScript, {
                    serverIds: chosen.map((s) => s.id),
                    script: draft.script,
                    interpreter: draft.interpreter,
                    timeout: draft.timeout,
                    stream: 1,
                    watchId,
                  }),
                ),
              )
            }
          />
        </Col>
        <Col span={24}>
          <RunPanel view={run.view} running={run.running} onStop={run.stop} />
        </Col>
      </Row>
      <RunHistoryDrawer
        source={scriptRunHistory}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        onRunAgain={runAgain}
      />
    </>
  );
}
