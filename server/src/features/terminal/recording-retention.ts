import type { RetainedKind } from '../../infra/retention/retention.js';
import { resolveRecordingFile } from './recording-path.js';
import type { TerminalLogRepository } from './terminal-log.repository.js';

/** Terminal recordings for retention: those of ended sessions; the rows stay, marked. */
export function recordingsRetained(logs: TerminalLogRepository, sharedDir: string): RetainedKind {
  return {
    list: async () =>
      (await logs.finishedRecordings()).map((r) => ({
        id: r.id,
        file: resolveRecordingFile(sharedDir, r.record_file),
        endedAt: r.end_time ?? 0,
      })),
    markPruned: (ids) => logs.markRecordingsPruned(ids),
  };
}
