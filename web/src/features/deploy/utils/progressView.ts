import {
  DEPLOY_STAGES,
  TraceType,
  type DeployProgressMessage,
  type DeployStage,
  type JobStatus,
  type ServerDeployState,
} from '@ferry/contract/client';
import type { TraceRow } from './DeployRow';
import { orderTrace, stageOfTrace, traceExt } from './traceRows';

export interface ServerProgress {
  serverId: number;
  serverName: string;
  state: ServerDeployState;
}

/** Where one deploy stands, as the progress drawer shows it. */
export interface ProgressView {
  /** Undefined while nothing is known yet. */
  status: JobStatus | undefined;
  stage: DeployStage;
  /** When the running stage began (epoch ms); 0 when unknown or not running. */
  stageSince: number;
  /** Deploys of the project ahead of this queued one. */
  ahead: number;
  /** The stage that failed, if one did. */
  failedStage: DeployStage | undefined;
  servers: ServerProgress[];
}

/** What GET /deploy/getPublishProgress answers (the parts used). */
export interface PolledProgress {
  status: JobStatus;
  stage: string;
  ahead: number;
  /** Ours: the stage running now (goploy's `stage` is a display name). */
  stageKey?: string;
  stageSince?: number;
}

export interface ProgressSources {
  /** The last type-1 frame of this deploy. */
  frame?: DeployProgressMessage;
  polled?: PolledProgress;
  /** What the opener knew (a history row's status). */
  known?: JobStatus;
  trace: readonly TraceRow[];
}

const FINISHED: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

export function isFinished(status: JobStatus | undefined): boolean {
  return status !== undefined && FINISHED.includes(status);
}

const asStage = (s: string | undefined): DeployStage | undefined =>
  DEPLOY_STAGES.find((x) => x === s);

function traceStatus(rows: readonly TraceRow[]): JobStatus | undefined {
  if (rows.length === 0) return undefined;
  if (rows.some((r) => r.state === 0)) return 'failed';
  if (rows.some((r) => r.type === TraceType.publishFinish)) return 'succeeded';
  return 'running';
}

/** Per server, from the transfer and after-deploy rows: failed if either failed. */
export function serversFromTrace(rows: readonly TraceRow[]): ServerProgress[] {
  const byId = new Map<number, ServerProgress>();
  for (const row of rows) {
    if (row.type !== TraceType.transfer && row.type !== TraceType.afterDeploy) continue;
    const ext = traceExt(row);
    const seen = byId.get(ext.serverId);
    const failed = row.state === 0 || seen?.state === 'fail';
    byId.set(ext.serverId, {
      serverId: ext.serverId,
      serverName: ext.serverName || seen?.serverName || `#${ext.serverId}`,
      state: failed ? 'fail' : 'success',
    });
  }
  return [...byId.values()];
}

/**
 * One view of a deploy from what is at hand, freshest first: the live frame, the polled
 * progress, the opener's knowledge, then the trace rows (which also say which stage failed).
 */
export function progressView({ frame, polled, known, trace }: ProgressSources): ProgressView {
  const ordered = orderTrace(trace);
  const lastTraced = ordered.map((r) => stageOfTrace(r.type)).findLast((s) => s !== undefined);
  const status = frame?.status ?? polled?.status ?? known ?? traceStatus(trace);
  const stage = frame?.stage ?? asStage(polled?.stageKey) ?? lastTraced ?? 'queue';
  const since = frame ? (frame.stageSince ?? 0) : (polled?.stageSince ?? 0);
  const failedRow = ordered.find((r) => r.state === 0);
  const failedStage =
    (failedRow && stageOfTrace(failedRow.type)) ?? (status === 'failed' ? stage : undefined);
  const servers = frame?.servers.length ? frame.servers : serversFromTrace(trace);
  return {
    status,
    stage: status === 'succeeded' ? 'finish' : stage,
    stageSince: status === 'running' ? since : 0,
    ahead: frame?.ahead ?? polled?.ahead ?? 0,
    failedStage,
    servers,
  };
}
