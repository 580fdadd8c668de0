import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { recordingFileFor } from './recording-path.js';

/** Whether `cast` opens with an asciicast v2 header, as the player and the console's recordings do. */
export function isAsciicastV2(cast: Buffer): boolean {
  const end = cast.indexOf(0x0a);
  try {
    const header = JSON.parse(cast.subarray(0, end < 0 ? cast.length : end).toString('utf8')) as {
      version?: unknown;
    } | null;
    return typeof header === 'object' && header !== null && header.version === 2;
  } catch {
    return false;
  }
}

/**
 * Stores the finished recording (asciicast v2) of terminal log `id` as the console stores its
 * own: gzip-compressed at `recordingFileFor(id, startedAt)` in the shared dir, 0600 in a 0700
 * directory. Answers the `record_file` value, the file written and the first directory it had to
 * create (undefined when its directory was there). `id` is a row just inserted, so a file already
 * there was left by a write that was rolled back: it is replaced.
 */
export function storeRecording(
  sharedDir: string,
  id: number,
  startedAt: number,
  cast: Buffer,
): { recordFile: string; file: string; createdDir: string | undefined } {
  const recordFile = recordingFileFor(id, startedAt);
  const file = path.join(sharedDir, recordFile);
  const createdDir = fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, zlib.gzipSync(cast), { mode: 0o600 });
  return { recordFile, file, createdDir };
}
