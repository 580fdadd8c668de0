import { Perm } from '@ferry/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Tabs } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../auth/usePermission';
import { useBoundServers } from '../hooks/useBoundServers';
import { useCancelDeploy } from '../hooks/useCancelDeploy';
import type { ProgressTarget } from '../hooks/useDeployDialogs';
import { useDeployLog } from '../hooks/useDeployLog';
import { publishLogKey, usePublishLog } from '../hooks/usePublishLog';
import { usePublishProgress } from '../hooks/usePublishProgress';
import { publishTraceKey, usePublishTrace } from '../hooks/usePublishTrace';
import { useTokenFrame } from '../hooks/useTokenFrame';
import { logOverlap } from '../utils/logLines';
import { logView } from '../utils/logView';
import { isFinished, progressView } from '../utils/progressView';
import { DeployLogPanel } from './DeployLogPanel';
import { DeployResult } from './DeployResult';
import { DeploySteps } from './DeploySteps';
import { ProgressStatus } from './ProgressStatus';
import { ServerStatusList } from './ServerStatusList';
import { TraceTab } from './TraceTab';

/** Reloads the trace and the whole log once a deploy seen running has ended. */
function useReloadWhenFinished(token: string, finished: boolean) {
  const queryClient = useQueryClient();
  const sawActive = useRef(false);
  useEffect(() => {
    if (!finished) {
      sawActive.current = true;
      return;
    }
    if (!sawActive.current) return;
    sawActive.current = false;
    void queryClient.invalidateQueries({ queryKey: publishTraceKey(token) });
    void queryClient.invalidateQueries({ queryKey: publishLogKey(token) });
  }, [finished, token, queryClient]);
}

/**
 * Reloads the trace each time a running deploy enters a new stage: the stage it left has just
 * written its rows, so its step shows how long it took at once, not only at the end.
 */
function useReloadTraceOnStage(token: string, stage: string, running: boolean) {
  const queryClient = useQueryClient();
  const seen = useRef(stage);
  useEffect(() => {
    if (seen.current === stage) return;
    seen.current = stage;
    if (running) void queryClient.invalidateQueries({ queryKey: publishTraceKey(token) });
  }, [stage, running, token, queryClient]);
}

/**
 * One deploy, live: its stages, servers and output as the hub reports them; before the first frame
 * (or without the socket) the polled progress and the trace stand in. Finished, it shows the
 * outcome and, to those who may read it, the trace.
 */
export function DeployProgress({ target }: { target: ProgressTarget }) {
  const { t } = useTranslation('deploy');
  const { token, known } = target;
  const mayDetail = usePermission([Perm.DeployDetail]);
  const mayPoll = usePermission([Perm.DeployProject]);
  const cancel = useCancelDeploy();
  const frame = useTokenFrame(token);
  const polled = usePublishProgress(token, mayPoll && !frame && !isFinished(known));
  const trace = usePublishTrace(token, mayDetail);
  const log = usePublishLog(token);
  const live = useDeployLog(token);
  const view = progressView({ frame, polled: polled.data, known, trace: trace.data ?? [] });
  const finished = isFinished(view.status);
  useReloadWhenFinished(token, finished);
  useReloadTraceOnStage(token, view.stage, view.status === 'running');
  const loaded = log.data?.lines;
  // The overlap lies within the first live lines: once there are many, it no longer moves.
  const settling = live.dropped === 0 && live.lines.length < 2_000 ? live.version : -1;
  const skip = useMemo(
    () => logOverlap(loaded ?? [], live.lines),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `settling` stands for the live lines
    [loaded, settling],
  );
  const lines = useMemo(
    () => logView(loaded ?? [], live, skip),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the live lines grow in place
    [loaded, live.version, live.dropped, skip],
  );
  // Before a frame or trace names the servers, the project's bindings do.
  const bound = useBoundServers(target.project.id, true, true);
  const serverNames = useMemo(
    () =>
      new Map([
        ...(bound.data ?? []).map((b) => [b.serverId, b.server.name] as const),
        ...view.servers.map((s) => [s.serverId, s.serverName] as const),
      ]),
    [bound.data, view.servers],
  );

  const logPanel = (
    <DeployLogPanel
      view={lines}
      loading={log.isPending}
      truncated={log.data?.truncated ?? false}
      pruned={log.data?.pruned ?? false}
      serverNames={serverNames}
    />
  );
  return (
    <Flex vertical gap={16}>
      <DeploySteps view={view} trace={trace.data ?? []} />
      <ProgressStatus view={view} onCancel={() => cancel(target.project, token)} />
      {view.servers.length > 0 ? <ServerStatusList servers={view.servers} /> : null}
      {finished ? <DeployResult view={view} trace={trace.data ?? []} /> : null}
      <Tabs
        items={[
          { key: 'log', label: t('progress.log'), children: logPanel },
          ...(mayDetail
            ? [{ key: 'trace', label: t('progress.trace'), children: <TraceTab trace={trace} /> }]
            : []),
        ]}
      />
    </Flex>
  );
}
