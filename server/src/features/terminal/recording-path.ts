import path from 'node:path';

/** Where recordings live, inside the shared dir (the data dir unless several consoles share one). */
export const RECORDING_DIR = 'terminal-log';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The recording of terminal `id`, relative to the shared dir: one folder per month
 * (`terminal-log/2026-01/42.cast.gz`), so that old months can be archived or pruned by hand.
 */
export function recordingFileFor(id: number, startedAt: number): string {
  const d = new Date(startedAt);
  const month = `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
  return `${RECORDING_DIR}/${month}/${id}.cast.gz`;
}

/**
 * The absolute path of a stored `record_file`; undefined when it would lie outside the
 * recordings directory. SECURITY: the value comes from the database (possibly an imported one),
 * so a `..` or absolute path in it must not reach the file system.
 */
export function resolveRecordingFile(sharedDir: string, recordFile: string): string | undefined {
  if (!recordFile) return undefined;
  const root = path.resolve(sharedDir, RECORDING_DIR);
  const file = path.resolve(sharedDir, recordFile);
  return file.startsWith(root + path.sep) ? file : undefined;
}
