import { formatTime } from '../../core/clock.js';
import type { TaskRecord } from './task.repository.js';

/** goploy's project_task fields, plus the schedule and the last run. */
export function presentTask(t: TaskRecord) {
  return {
    id: t.id,
    projectId: t.project_id,
    branch: t.branch,
    commit: t.commit_id,
    date: formatTime(t.date),
    state: t.state,
    isRun: t.is_run,
    creatorId: t.creator_id,
    creator: t.creator,
    editorId: t.editor_id,
    editor: t.editor,
    insertTime: formatTime(t.insert_time),
    updateTime: formatTime(t.update_time),
    cron: t.cron,
    nextRun: t.state === 1 ? formatTime(t.next_run) : '',
    lastRun: formatTime(t.last_run),
    late: t.late,
    lastToken: t.last_token,
    lastResult: t.last_result,
    lastError: t.last_error,
  };
}
