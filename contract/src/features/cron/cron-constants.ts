/**
 * Cron jobs (`/server/cron`, reference §2.9, §7.6, §7.7): jobs kept in the console and written
 * into one fenced block of a server's real crontab, each line calling a small wrapper that
 * records its runs. The rules here are shared by the forms and the server.
 */

/** goploy's `log_level`: what output of a run is kept. */
export const CronLogLevel = { none: 0, stdout: 1, stdoutAndStderr: 2 } as const;
export const CRON_LOG_LEVELS = [0, 1, 2] as const;

/** goploy's `state`. */
export const CronState = { disabled: 0, enabled: 1 } as const;

/** The longest command, in characters. */
export const MAX_CRON_COMMAND_CHARS = 1000;
/** The longest description, in characters. */
export const MAX_CRON_DESCRIPTION_CHARS = 255;
/** The output of one run kept on the server (and in `cron_log`), in bytes; longer is cut with a mark. */
export const CRON_OUTPUT_CAP_BYTES = 32 * 1024;

/** The macros cron accepts instead of five fields. */
export const CRON_MACROS = [
  '@reboot',
  '@yearly',
  '@annually',
  '@monthly',
  '@weekly',
  '@daily',
  '@midnight',
  '@hourly',
] as const;

/**
 * How Ferry's block of a crontab stands: as Ferry wrote it (`ok`), changed by hand since
 * (`edited`), not there although Ferry has jobs on the server (`missing`), or the crontab could
 * not be read (`unread`).
 */
export const CRON_FENCE_STATES = ['ok', 'edited', 'missing', 'unread'] as const;
export type CronFenceState = (typeof CRON_FENCE_STATES)[number];

/** How a write resolves a hand edit of the block: Ferry's jobs replace it, or its other lines move out. */
export const CRON_RESOLUTIONS = ['overwrite', 'keepOutside'] as const;
export type CronResolution = (typeof CRON_RESOLUTIONS)[number];

/** What a line of a crontab is. */
export const CRONTAB_LINE_KINDS = ['job', 'env', 'comment', 'blank', 'fence', 'managed'] as const;
export type CrontabLineKind = (typeof CRONTAB_LINE_KINDS)[number];

/** Refusal reasons (code 2) of the cron routes. */
export const CronRefusal = {
  /** The block was changed by hand: data {expected, current}; repeat with `resolve`. */
  crontabEdited: 'crontab_edited',
  /** The crontab changed since it was read for an import. */
  crontabChanged: 'crontab_changed',
} as const;

export const CRON_EXPRESSION_RULE =
  'must be five fields (minute hour day-of-month month day-of-week: *, numbers, names, lists, ranges and steps), ' +
  "goploy's six (a seconds field of 0 first, ? for any day) or one of " +
  CRON_MACROS.join(' ');

/** Why goploy's six-field form is taken only with its seconds field 0. */
export const CRON_SECONDS_RULE =
  'the seconds field (the first of six) must be 0: a system crontab starts a job at most once a minute, at second 0';

interface FieldSpec {
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTH_NAMES = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** The five fields in order; day-of-week 7 is Sunday as 0 is. */
const FIELDS: readonly FieldSpec[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTH_NAMES },
  { min: 0, max: 7, names: DAY_NAMES },
];

function valueOf(text: string, spec: FieldSpec): number | undefined {
  if (/^\d{1,2}$/.test(text)) {
    const n = Number(text);
    return n >= spec.min && n <= spec.max ? n : undefined;
  }
  const index = spec.names?.indexOf(text.toLowerCase()) ?? -1;
  if (index < 0) return undefined;
  return spec.min + index;
}

/** One item of a list: `*`, `*\/step`, `a`, `a-b` or `a-b/step`. */
function isItem(item: string, spec: FieldSpec): boolean {
  const [range = '', step, extra] = item.split('/');
  if (extra !== undefined) return false;
  if (step !== undefined) {
    if (!/^\d{1,2}$/.test(step)) return false;
    const n = Number(step);
    if (n < 1 || n > spec.max) return false;
  }
  if (range === '*') return true;
  const [from = '', to, more] = range.split('-');
  if (more !== undefined) return false;
  const a = valueOf(from, spec);
  if (a === undefined) return false;
  if (to === undefined) return step === undefined;
  const b = valueOf(to, spec);
  return b !== undefined && a <= b;
}

/** Whether `expression` (fields split by blanks) is one cron accepts: five fields or a macro. */
export function isCronExpression(expression: string): boolean {
  const text = expression.trim();
  if ((CRON_MACROS as readonly string[]).includes(text)) return true;
  const fields = text.split(/[ \t]+/);
  if (fields.length !== FIELDS.length) return false;
  return fields.every((field, i) => {
    const spec = FIELDS[i] as FieldSpec;
    return field.split(',').every((item) => isItem(item, spec));
  });
}

/**
 * goploy's form (its cron page, a Go cron with seconds): six fields, seconds first, and Quartz's
 * `?` ("no particular day") in day-of-month or day-of-week.
 */
const isSixFields = (fields: readonly string[]) => fields.length === 6;

/**
 * The rule `expression` breaks, or undefined: five fields or a macro, as cron takes them, or
 * goploy's six fields with the seconds field 0 (cron has nothing finer than a minute).
 */
export function cronExpressionProblem(expression: string): string | undefined {
  const fields = expression.trim().split(/[ \t]+/);
  if (isSixFields(fields)) {
    if (!/^0{1,2}$/.test(fields[0]!)) return CRON_SECONDS_RULE;
    return isCronExpression(crontabExpressionOf(expression)) ? undefined : CRON_EXPRESSION_RULE;
  }
  return isCronExpression(expression) ? undefined : CRON_EXPRESSION_RULE;
}

/**
 * The five fields or macro a crontab line starts with: goploy's six fields lose their seconds
 * field (0) and read `?` as `*`; any other expression as `normalizeCronExpression` stores it.
 */
export function crontabExpressionOf(expression: string): string {
  const fields = normalizeCronExpression(expression).split(' ');
  if (!isSixFields(fields)) return fields.join(' ');
  return fields
    .slice(1)
    .map((field, i) => ((i === 2 || i === 4) && field === '?' ? '*' : field))
    .join(' ');
}

/** An expression as it is stored and written: trimmed, its fields split by one space. */
export function normalizeCronExpression(expression: string): string {
  return expression
    .trim()
    .split(/[ \t]+/)
    .join(' ');
}

/** The rule a command breaks, or undefined: one line of 1..1000 characters, not blank. */
export function cronCommandProblem(command: string): string | undefined {
  if (command.trim() === '') return 'must not be empty';
  if ([...command].length > MAX_CRON_COMMAND_CHARS) {
    return `must be at most ${MAX_CRON_COMMAND_CHARS} characters`;
  }
  if (/[\r\n\0]/.test(command)) return 'must be one line (no newline or NUL)';
  return undefined;
}
