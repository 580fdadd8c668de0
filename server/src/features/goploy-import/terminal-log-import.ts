import fs from 'node:fs';
import path from 'node:path';
import { isAsciicastV2, storeRecording, terminalLogColumns } from '../terminal/terminal.api.js';
import type { GoployTerminalLog } from './goploy-rows.js';
import { eachNewRow, goployTime, type ImportContext } from './import-context.js';
import { loggedAt, logOwners } from './log-import.js';
import { goployRepositoryDir } from './project-file-import.js';

/**
 * goploy's terminal recordings (`<repository>/terminal-log/<id>.cast`) copied into the console's
 * shared dir. A dry run only looks for them; an import that writes nothing removes the copies.
 */
export class RecordingCopies {
  /** Each copy, and the first directory it had to create. */
  private readonly copied: { file: string; createdDir: string | undefined }[] = [];
  /** goploy's recordings dir; undefined without `--asset-dir`. */
  readonly root: string | undefined;

  constructor(
    assetDir: string | undefined,
    private readonly sharedDir: string,
    private readonly dryRun: boolean,
  ) {
    this.root = assetDir === undefined ? undefined : goployRepositoryDir(assetDir, 'terminal-log');
  }

  /**
   * Copies goploy's recording of its session `goployId` as the recording of log row `id`:
   * answers the row's `record_file`, '' on a dry run, or why it was not copied.
   */
  copy(goployId: number, id: number, startedAt: number): { recordFile: string } | string {
    if (this.root === undefined) return 'recordings left out (no --asset-dir)';
    const file = path.join(this.root, `${goployId}.cast`);
    let cast: Buffer;
    try {
      cast = fs.readFileSync(file);
    } catch {
      return `recording not found at ${file}: carried without it`;
    }
    if (!isAsciicastV2(cast)) return `${file} is not an asciicast v2 recording: carried without it`;
    if (this.dryRun) return { recordFile: '' };
    const stored = storeRecording(this.sharedDir, id, startedAt, cast);
    this.copied.push({ file: stored.file, createdDir: stored.createdDir });
    return { recordFile: stored.recordFile };
  }

  /** The import wrote nothing: the recordings it copied go too, and the directories it made. */
  discard(): void {
    for (const { file, createdDir } of this.copied.splice(0).reverse()) {
      fs.rmSync(file, { force: true });
      if (!createdDir) continue;
      // Up to the first directory the copy made, each only if empty (rmdir removes no file).
      for (let dir = path.dirname(file); dir.startsWith(createdDir); dir = path.dirname(dir)) {
        try {
          fs.rmdirSync(dir);
        } catch {
          break;
        }
        if (dir === createdDir) break;
      }
    }
  }
}

/**
 * Terminal sessions, with their recordings when `--asset-dir` names goploy's asset dir. A session
 * goploy never ended (its end left at 1970) reads as the console's own cut short: no end time.
 */
export async function importTerminalLogs(
  ctx: ImportContext,
  rows: GoployTerminalLog[],
  recordings: RecordingCopies,
) {
  let unrecorded = 0;
  await eachNewRow(ctx, 'terminal_log', rows, async (t) => {
    const owners = logOwners(ctx, t);
    if (typeof owners === 'string') return void ctx.report.drop('terminal_log', t.id, owners);
    const startTime = loggedAt(ctx, t.start_time);
    const end = goployTime(t.end_time);
    const row = await ctx.tx
      .insertInto('terminal_log')
      .values(
        terminalLogColumns({
          ...owners,
          remoteAddr: t.remote_addr,
          userAgent: t.user_agent,
          startTime,
          endTime: end !== null && end >= startTime ? end : null,
          recordFile: '',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const copied = recordings.copy(t.id, row.id, startTime);
    if (recordings.root === undefined) unrecorded += 1;
    else if (typeof copied === 'string') ctx.report.note('terminal_log', t.id, copied);
    else if (copied.recordFile) {
      await ctx.tx
        .updateTable('terminal_log')
        .set({ record_file: copied.recordFile })
        .where('id', '=', row.id)
        .execute();
    }
    return { id: row.id };
  });
  if (unrecorded > 0) {
    // One note for the table (id 0): a line per session would bury the others.
    ctx.report.note(
      'terminal_log',
      0,
      `${unrecorded} sessions carried without their recordings: pass --asset-dir (goploy's asset dir) to carry repository/terminal-log/<id>.cast with them (a later import does not revisit a carried session)`,
    );
  }
}
