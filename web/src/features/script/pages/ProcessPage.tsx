import { PlusOutlined } from '@ant-design/icons';
import { Perm, processExecRoutes, type ProcessItem } from '@ferry/contract/client';
import { Button, Col, Row } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { Can } from '../../../auth/Can';
import { PageHeader } from '../../../ui/PageHeader';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { ProcessGroupDrawer } from '../components/ProcessGroupDrawer';
import { ProcessGroupList } from '../components/ProcessGroupList';
import { RunPanel } from '../../../ui/run/RunPanel';
import { ServersCard } from '../components/ServersCard';
import { asStarted, useRemoteRun } from '../../../ui/run/useRemoteRun';
import { useServerProcesses, useServerProcessMutations } from '../hooks/useServerProcesses';
import type { ProcessGroup } from '../utils/ProcessGroup';

const stopProcess = (runId: number, serverId?: number) =>
  call(processExecRoutes.stopProcess, { runId, serverId });

/**
 * /server/process: the namespace's process groups (goploy's server process page), each a row of
 * command buttons; a button runs its command on the chosen servers, each server's output live in
 * its own pane.
 */
export function ProcessPage(): ReactElement {
  const { t } = useTranslation(['menu', 'process']);
  const servers = useServerOptions();
  const groups = useServerProcesses();
  const { remove } = useServerProcessMutations();
  const confirm = useConfirmAction();
  const [serverIds, setServerIds] = useState<number[]>([]);
  const [drawer, setDrawer] = useState<{ group?: ProcessGroup }>();
  const [pressed, setPressed] = useState<{ groupId: number; item: string }>();
  const run = useRemoteRun({ stopRun: stopProcess });
  const chosen = (servers.data ?? []).filter((s) => serverIds.includes(s.id));

  const blocked = run.running
    ? t('process:groups.busy')
    : chosen.length === 0
      ? t('process:groups.needServers')
      : '';

  const start = (group: ProcessGroup, item: ProcessItem) => {
    setPressed({ groupId: group.id, item: item.name });
    void run.start(chosen, async (watchId) =>
      asStarted(
        await call(processExecRoutes.execProcess, {
          id: group.id,
          name: item.name,
          serverIds: chosen.map((s) => s.id),
          stream: 1,
          watchId,
        }),
      ),
    );
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
          <Can anyOf={[Perm.AddServerProcess]}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({})}>
              {t('process:groups.add')}
            </Button>
          </Can>
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
    </>
  );
}
