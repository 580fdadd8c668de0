import {
  DEPLOY_STAGES,
  STAGE_OF_TRACE_TYPE,
  TraceType,
  type DeployStage,
  type TraceTypeId,
} from '@ferry/contract/client';
import { commitInfoOf } from './commitInfo';
import type { CommitInfo, TraceRow } from './DeployRow';

/** The stage a trace row records; undefined for a type this version does not know. */
export function stageOfTrace(type: number): DeployStage | undefined {
  return STAGE_OF_TRACE_TYPE[type as TraceTypeId];
}

/** Where `stage` stands among the stages, for ordering and the steps. */
export function stageIndex(stage: DeployStage): number {
  return DEPLOY_STAGES.indexOf(stage);
}

/** What a trace row's `ext` holds, by type; blanks where it holds nothing of the kind. */
export interface TraceExt {
  serverId: number;
  serverName: string;
  /** The transfer command (type 5). */
  command: string;
  /** The script that ran (types 3, 6 and 7). */
  script: string;
  /** The commit pulled (type 2). */
  commit: CommitInfo | undefined;
  /** The project's scripts when the deploy was queued, indented (type 0). */
  snapshot: string;
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function traceExt(row: TraceRow): TraceExt {
  const o = parseObject(row.ext);
  const queue = row.type === TraceType.queue;
  return {
    serverId: typeof o.serverId === 'number' ? o.serverId : row.serverId,
    serverName: str(o.serverName),
    command: str(o.command),
    script: str(o.script),
    commit: row.type === TraceType.pull ? commitInfoOf(o) : undefined,
    snapshot: queue && row.ext.trim() ? JSON.stringify(o, null, 2) : '',
  };
}

/** The trace rows in the order of the stages, each stage's rows in the order they were written. */
export function orderTrace(rows: readonly TraceRow[]): TraceRow[] {
  const rank = (r: TraceRow) => {
    const stage = stageOfTrace(r.type);
    return stage === undefined ? DEPLOY_STAGES.length : stageIndex(stage);
  };
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}
