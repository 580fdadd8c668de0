import { PROCESS_COMMANDS, processExecRoutes } from '@ferry/contract/client';
import { Button, Card, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { ErrorState } from '../../../ui/ErrorState';
import { TableEmpty } from '../../../ui/TableEmpty';
import { RunPanel } from '../../../ui/run/RunPanel';
import { ServerChecklist, type ChecklistServer } from '../../../ui/run/ServerChecklist';
import { useRemoteRun } from '../../../ui/run/useRemoteRun';
import { useBoundServers } from '../hooks/useBoundServers';
import { chosenServers } from '../utils/chosenServers';
import { processCommands, type ProcessCommand } from '../utils/processCommands';
import type { ProcessRow } from './ProcessTable';

const stopProjectProcess = (runId: number, serverId?: number) =>
  call(processExecRoutes.stopProjectProcess, { runId, serverId });

/** Commands that change what runs: asked about first. */
const ASKED: ReadonlySet<ProcessCommand> = new Set(['stop', 'restart']);

interface ProcessRunnerProps {
  projectId: number;
  process: ProcessRow;
}

/**
 * One process's commands on some of the project's servers (all by default), each server's
 * output live in its own pane as on the script page, with Stop on each pane and Stop all.
 */
export function ProcessRunner({ projectId, process }: ProcessRunnerProps) {
  const { t } = useTranslation('projectTools');
  const bound = useBoundServers(projectId, projectId > 0);
  const [picked, setPicked] = useState<number[]>();
  const [last, setLast] = useState<ProcessCommand>();
  const run = useRemoteRun({ stopRun: stopProjectProcess });
  const servers: ChecklistServer[] = (bound.data ?? []).map((b) => ({
    id: b.serverId,
    name: b.server.name,
    ip: b.server.ip,
    port: b.server.port,
    description: '',
  }));
  const chosen = chosenServers(servers, picked);
  const has = new Set(processCommands(process));

  const send = (command: ProcessCommand) => {
    setLast(command);
    void run.start(chosen, async (watchId) => {
      const data = await call(processExecRoutes.manageProcess, {
        projectProcessId: process.id,
        command,
        serverIds: chosen.map((s) => s.id),
        stream: 1,
        watchId,
      });
      if (!('runId' in data)) throw new Error('the run did not stream');
      return data;
    });
  };

  const button = (command: ProcessCommand) => {
    const disabled = !has.has(command) || chosen.length === 0 || run.running;
    const label = t(`process.command.${command}`);
    const common = {
      disabled,
      danger: command === 'stop',
      title: has.has(command) ? undefined : t('process.notSet'),
    };
    if (!ASKED.has(command)) {
      return (
        <Button
          key={command}
          {...common}
          type={command === 'status' ? 'primary' : 'default'}
          onClick={() => send(command)}
        >
          {label}
        </Button>
      );
    }
    return (
      <Popconfirm
        key={command}
        title={t(`process.confirm.${command as 'stop' | 'restart'}`, {
          name: process.name,
          count: chosen.length,
        })}
        okText={label}
        okButtonProps={{ danger: true }}
        cancelText={t('cancel')}
        onConfirm={() => send(command)}
        disabled={disabled}
      >
        <Button {...common}>{label}</Button>
      </Popconfirm>
    );
  };

  let picker;
  if (bound.isPending) picker = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (bound.isError) {
    picker = <ErrorState title={t('process.serversFailed')} onRetry={() => void bound.refetch()} />;
  } else if (servers.length === 0) picker = <TableEmpty text={t('process.noServers')} />;
  else {
    picker = (
      <ServerChecklist
        servers={servers}
        selected={chosen.map((s) => s.id)}
        onChange={setPicked}
        disabled={run.running}
      />
    );
  }

  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        title={t('process.runTitle', { name: process.name })}
        extra={
          servers.length > 0 ? (
            <Typography.Text type="secondary" role="status">
              {t('process.chosen', { count: chosen.length, total: servers.length })}
            </Typography.Text>
          ) : null
        }
      >
        <Flex vertical gap={12}>
          {picker}
          <Flex gap={8} wrap role="group" aria-label={t('process.commands')}>
            {PROCESS_COMMANDS.map(button)}
          </Flex>
        </Flex>
      </Card>
      <RunPanel
        view={run.view}
        running={run.running}
        onStop={run.stop}
        title={
          last
            ? t('process.outputOf', { command: t(`process.command.${last}`), name: process.name })
            : undefined
        }
        idleText={t('process.idle')}
      />
    </Flex>
  );
}
