import { TraceState, type JobStatus } from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import type { HistoryRecord, TraceRecord } from './trace.repository.js';

/** A trace row as goploy sends it: `detail` only on failed rows (the rest on demand). */
export function presentTrace(t: TraceRecord) {
  return {
    id: t.id,
    token: t.token,
    namespaceId: t.namespace_id,
    projectId: t.project_id,
    projectName: t.project_name,
    detail: t.state === TraceState.failed ? t.detail : '',
    state: t.state,
    publisherId: t.publisher_id,
    publisherName: t.publisher_name,
    type: t.type,
    ext: t.ext,
    serverId: t.server_id,
    insertTime: formatTime(t.insert_time),
    updateTime: formatTime(t.update_time),
  };
}

function parsed(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * One deploy of the history: goploy's fields (ext = commit id) and ours; `current` when its
 * release (a rollback's: the one it re-linked) is the one the servers run.
 */
export function presentHistory(h: HistoryRecord, currentRelease?: string) {
  const commit = parsed(h.pull_ext);
  const queued = parsed(h.queue_ext);
  const status = (h.status ?? 'failed') as JobStatus;
  const release = text(queued.rollbackOf) || h.token;
  return {
    token: h.token,
    projectId: h.project_id,
    publisherId: h.publisher_id,
    publisherName: h.publisher_name,
    state: status === 'succeeded' ? 1 : 0,
    ext: text(commit.commit),
    branch: text(commit.branch),
    message: text(commit.message),
    tag: text(commit.tag),
    status,
    kind: 'rollbackOf' in queued ? ('rollback' as const) : ('publish' as const),
    current: status === 'succeeded' && release === currentRelease,
    insertTime: formatTime(h.insert_time),
    updateTime: formatTime(h.update_time),
    commitTimestamp: typeof commit.timestamp === 'number' ? commit.timestamp : 0,
  };
}
