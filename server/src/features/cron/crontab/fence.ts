import { createHash } from 'node:crypto';
import { joinCrontab, parseCrontabLine, splitCrontab, type CrontabText } from './crontab-lines.js';
import { jobCommentLine, jobIdOfLine, jobLine, type FencedJob } from './cron-line.js';

/**
 * Ferry's block of a crontab: a begin line carrying the sha-256 of the lines between the markers,
 * those lines (per job a comment with its id and description, then its line), an end line. Lines
 * outside the block are never changed.
 */
const BEGIN = /^# BEGIN FERRY CRON sha256=([0-9a-f]{64})(?: |$)/;
const END = '# END FERRY CRON';
const beginLine = (checksum: string) =>
  `# BEGIN FERRY CRON sha256=${checksum} (written by Ferry: change these jobs in the console)`;

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Where the block stands in a crontab's lines. */
export interface FoundBlock {
  /** Index of the begin line. */
  begin: number;
  /** Index of the end line; the last line when the end marker is missing. */
  end: number;
  /** Whether the end marker is there. */
  closed: boolean;
  /** The checksum the begin line carries. */
  marked: string;
  /** The lines between the markers. */
  inner: string[];
}

/** The first block of the lines, if any. */
export function findBlock(lines: readonly string[]): FoundBlock | undefined {
  const begin = lines.findIndex((l) => BEGIN.test(l));
  if (begin < 0) return undefined;
  const marked = BEGIN.exec(lines[begin] ?? '')?.[1] ?? '';
  const endAt = lines.indexOf(END, begin + 1);
  const closed = endAt >= 0;
  const end = closed ? endAt : lines.length - 1;
  return { begin, end, closed, marked, inner: lines.slice(begin + 1, closed ? end : end + 1) };
}

/** The lines between the markers for these jobs, in id order. */
export function buildBlock(jobs: readonly FencedJob[], home: string): string[] {
  return [...jobs]
    .sort((a, b) => a.id - b.id)
    .flatMap((job) => [jobCommentLine(job), jobLine(job, home)]);
}

/** The block's inner lines as one text (the checksum's input; the route's `expected`/`current`). */
export const blockText = (inner: readonly string[]) => inner.join('\n');

/** How the block of a crontab stands against what Ferry last wrote. */
export interface FenceCheck {
  state: 'ok' | 'edited' | 'missing';
  /** The block now ('' when there is none). */
  current: string;
}

/**
 * `edited`: the block's lines no longer match the checksum of its begin line, its end marker is
 * gone, or its checksum is not the one Ferry last wrote (`stored`, '' when Ferry never wrote
 * here). `missing`: no block although Ferry wrote one with jobs in it.
 */
export function checkFence(
  lines: readonly string[],
  stored: { checksum: string; text: string },
): FenceCheck {
  const block = findBlock(lines);
  if (!block) return { state: stored.text === '' ? 'ok' : 'missing', current: '' };
  const current = blockText(block.inner);
  const intact = block.closed && sha256Hex(current) === block.marked;
  const ours = stored.checksum === '' || stored.checksum === block.marked;
  return { state: intact && ours ? 'ok' : 'edited', current };
}

/** How a write treats a block changed by hand. */
export type Resolution = 'overwrite' | 'keepOutside' | undefined;

/**
 * The crontab with the block replaced by one for `jobs` (an empty job list removes the block);
 * outside lines stay byte for byte, a missing final newline included. A new block goes at the
 * end. With `keepOutside`, lines of the old block that are not Ferry's (not its job comments or
 * lines) move just above the new block.
 */
export function replaceBlock(
  text: string,
  jobs: readonly FencedJob[],
  home: string,
  resolution: Resolution = undefined,
): { text: string; block: string; checksum: string } {
  const t = splitCrontab(text);
  const inner = buildBlock(jobs, home);
  const block = blockText(inner);
  const checksum = inner.length === 0 ? '' : sha256Hex(block);
  const fenced = inner.length === 0 ? [] : [beginLine(checksum), ...inner, END];
  const found = findBlock(t.lines);
  if (!found) {
    if (fenced.length === 0) return { text, block, checksum };
    // A new block goes last; the old last line gains the newline that separates it, if it lacked one.
    return {
      text: joinCrontab({ lines: [...t.lines, ...fenced], finalNewline: true }),
      block,
      checksum,
    };
  }
  const kept = resolution === 'keepOutside' ? handLines(found.inner) : [];
  const after = t.lines.slice(found.end + 1);
  const lines = [...t.lines.slice(0, found.begin), ...kept, ...fenced, ...after];
  // Lines after the block end as they did; a block that was last ended with a newline.
  const out: CrontabText = { lines, finalNewline: after.length > 0 ? t.finalNewline : true };
  return { text: joinCrontab(out), block, checksum };
}

/** The lines of an edited block that are not Ferry's: neither a job's comment nor its call. */
function handLines(inner: readonly string[]): string[] {
  return inner.filter((line) => jobIdOfLine(line) === 0 && parseCrontabLine(line).kind !== 'blank');
}
