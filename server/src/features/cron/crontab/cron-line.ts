import { shellQuote } from '../../../infra/ssh/quote.js';

/** The wrapper's file name, in `<home>/.ferry/cron/`. */
export const WRAPPER_NAME = 'run.sh';
/** The directory of the wrapper and its run records, below the crontab user's home. */
export const CRON_DIR = '.ferry/cron';

/** A job as its line is written. */
export interface FencedJob {
  id: number;
  expression: string;
  command: string;
  singleMode: number;
  logLevel: number;
  description: string;
}

/**
 * SECURITY: a command as one shell word cron passes on unchanged. It is single-quoted (the one
 * quoting helper), then every `%` is written `\%`, since cron turns a bare `%` into a newline.
 * Cron cannot pass a backslash just before a `%` (it takes `\%` as an escaped `%`), so where one
 * would stand the quote is closed and opened again (`''`) between them.
 */
export function cronQuote(command: string): string {
  const quoted = shellQuote(command);
  let out = '';
  for (const ch of quoted) {
    if (ch === '%') out += out.endsWith('\\') ? "''\\%" : '\\%';
    else out += ch;
  }
  return out;
}

/** The comment line naming a job in the block: its id and description. */
export function jobCommentLine(job: Pick<FencedJob, 'id' | 'description'>): string {
  return `# ferry-cron-job ${job.id}${job.description ? ` ${job.description}` : ''}`;
}

/**
 * A job's crontab line: the schedule, then the wrapper with the job's id, single mode, log level
 * and the command as one quoted word (the wrapper runs it with `sh -c`).
 */
export function jobLine(job: FencedJob, home: string): string {
  const wrapper = `${home.replace(/\/+$/, '')}/${CRON_DIR}/${WRAPPER_NAME}`;
  const argv = [wrapper, String(job.id), String(job.singleMode), String(job.logLevel), job.command];
  return `${job.expression} ${argv.map(cronQuote).join(' ')}`;
}

const JOB_COMMENT = /^# ferry-cron-job (\d+)(?: |$)/;
const JOB_CALL = /\/\.ferry\/cron\/run\.sh'? (\d+) [01] [012] /;

/** The job id a line of the block names (its comment or its call of the wrapper), or 0. */
export function jobIdOfLine(text: string): number {
  const m = JOB_COMMENT.exec(text) ?? JOB_CALL.exec(text);
  return m?.[1] ? Number(m[1]) : 0;
}
