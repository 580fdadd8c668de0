import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm, processExecRoutes, type ProcessItem } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Row, Space } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { Can } from '../../../auth/Can';
import { PageHeader } from '../../../ui/PageHeader';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useFeedback } from '../../../ui/useFeedback';
import { ProcessGroupDrawer } from '../components/ProcessGroupDrawer';
import { ProcessGroupList } from '../components/ProcessGroupList';
import { RunHistoryDrawer } from '../components/RunHistoryDrawer';
import { RunPanel } from '../../../ui/run/RunPanel';
import { ServersCard } from '../components/ServersCard';
import { asStarted, useRemoteRun } from '../../../ui/run/useRemoteRun';
import { processRunHistory } from '../hooks/useRunHistory';
import { useServerProcesses, useServerProcessMutations } from '../hooks/useServerProcesses';
import type { ProcessGroup } from '../utils/ProcessGroup';
import { processRunAgain } from '../utils/processRunAgain';
import type { ProcessRunDetail } from '../utils/RunDetail';

const stopProcess = (runId: number, serverId?: number) =>
  call(processExecRoutes.stopProcess, { runId, serverId });

/**
 * /server/process: the namespace's process groups (goploy's server process page), each a row of
 * command buttons; a button runs its command on the chosen servers, each server's output live in
 * its own pane, and the runs before it in the history.
 */
export function ProcessPage(): ReactElement {
  const { t } = useTranslation(['menu', 'process', 'script']);
  const { message } = useFeedback();
  const servers = useServerOptions();
  const groups = useServerProcesses();
  const { remove } = useServerProcessMutations();
  const confirm = useConfirmAction();
  const queryClient = useQueryClient();
  const [serverIds, setServerIds] = useState<number[]>([]);
  const [drawer, setDrawer] = useState<{ group?: ProcessGroup }>();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [pressed, setPressed] = useState<{ groupId: number; item: string }>();
  const run = useRemoteRun({
    stopRun: stopProcess,
    onChange: () => void queryClient.invalidateQueries({ queryKey: processRunHistory.key }),
  });
  const offered = servers.data ?? [];
  const chosen = offered.filter((s) => serverIds.includes(s.id));

  const busy = run.running ? t('process:groups.busy') : '';
  const blocked = busy || (chosen.length === 0 ? t('process:groups.needServers') : '');

  const start = (group: ProcessGroup, item: ProcessItem, on = chosen) => {
    setPressed({ groupId: group.id, item: item.name });
    void run.start(on, async (watchId) =>
      asStarted(
        await call(processExecRoutes.execProcess, {
          id: group.id,
          name: item.name,
          serverIds: on.map((s) => s.id),
          stream: 1,
          watchId,
        }),
      ),
    );
  };
  const runAgain = (past: ProcessRunDetail) => {
    if (!groups.data) {
      void message.warning(t('process:history.groupsUnavailable'));
      return;
    }
    const plan = processRunAgain(past, groups.data, offered);
    if (plan.kind === 'gone') {
      void message.warning(t('process:history.gone', { title: past.title }));
      return;
    }
    if (plan.kind === 'noServers') {
      void message.warning(t('process:history.noServers', { names: plan.missing.join(', ') }));
      return;
    }
    setServerIds(plan.servers.map((s) => s.id));
    setHistoryOpen(false);
    start(plan.group, plan.item, plan.servers);
    if (plan.missing.length > 0) {
      void message.warning(t('script:history.missing', { names: plan.missing.join(', ') }));
    }
    if (plan.changed) void message.info(t('process:history.changed'));
  };
  const askDelete = (group: ProcessGroup) =>
    confirm({
      title: t('process:group.deleteTitle', { name: group.name }),
      content: t('process:group.deleteContent'),
      okText: t('process:group.deleteOk'),
      run: () => remove.mutateAsync(group.id),
      done: t('process:group.deleted', { name: group.name }),
    });

  return (
    <>
      <PageHeader
        title={t('menu:process')}
        subtitle={t('process:subtitle')}
        extra={
          <Space wrap>
            <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
              {t('script:history.open')}
            </Button>
            <Can anyOf={[Perm.AddServerProcess]}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({})}>
                {t('process:groups.add')}
              </Button>
            </Can>
          </Space>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <ServersCard selected={serverIds} onChange={setServerIds} disabled={run.running} />
        </Col>
        <Col xs={24} xl={16}>
          <ProcessGroupList
            groups={groups}
            blocked={blocked}
            running={run.running ? pressed : undefined}
            onRun={start}
            onAdd={() => setDrawer({})}
            onEdit={(group) => setDrawer({ group })}
            onDelete={askDelete}
          />
        </Col>
        <Col span={24}>
          <RunPanel
            view={run.view}
            running={run.running}
            onStop={run.stop}
            idleText={t('process:idle')}
          />
        </Col>
      </Row>
      <ProcessGroupDrawer
        open={drawer !== undefined}
        group={drawer?.group}
        onClose={() => setDrawer(undefined)}
      />
      <RunHistoryDrawer
        source={processRunHistory}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        onRunAgain={runAgain}
        runAgainBlocked={busy}
        emptyText={t('process:history.empty')}
        scriptLabel={t('process:history.command')}
      />
    </>
  );
}
