import { Cron } from 'croner';
import { cronWords, type CronLocale } from '../../../ui/cronWords';
import { findRangeProblem, type CronRangeProblem } from './cronFields';

export type { CronLocale };

/** Why an expression has no description; each has its own message (product.md §5). */
export type CronFailure = 'empty' | 'tooFew' | 'tooMany' | 'syntax';

export type CronDescription =
  | { ok: true; text: string }
  | {
      ok: false;
      reason: CronFailure;
      /** The specification's English message, word for word. */
      message: string;
      /** How many parts the expression has (for tooFew and tooMany). */
      parts?: number;
      /** The value outside its field's range, when that is the syntax error. */
      range?: CronRangeProblem;
    };

/** The messages exactly as product.md §5 quotes them (the misspelt "occured" included). */
export const CRON_MESSAGES = {
  empty: () => 'Expression is empty',
  tooFew: (parts: number) => `Expression has only ${parts} parts. At least 5 parts are required.`,
  tooMany: (parts: number) => `Expression has ${parts} parts; too many!`,
  syntax: () =>
    'An error occured when generating the expression description. Check the cron expression syntax.',
} as const;

const syntaxError = (range?: CronRangeProblem): CronDescription => ({
  ok: false,
  reason: 'syntax',
  message: CRON_MESSAGES.syntax(),
  ...(range ? { range } : {}),
});

/**
 * Describes a cron expression of 5 to 7 parts (seconds first with 6; the year last with 7) in
 * `locale`. The part count and the field ranges are checked here first, so the messages are the
 * specification's; anything else the describer rejects gets the generic message.
 */
export function describeCron(expression: string, locale: CronLocale): CronDescription {
  const trimmed = expression.trim();
  if (trimmed === '') return { ok: false, reason: 'empty', message: CRON_MESSAGES.empty() };
  const parts = trimmed.split(/\s+/);
  if (parts.length < 5) {
    const count = parts.length;
    return { ok: false, reason: 'tooFew', parts: count, message: CRON_MESSAGES.tooFew(count) };
  }
  if (parts.length > 7) {
    const count = parts.length;
    return { ok: false, reason: 'tooMany', parts: count, message: CRON_MESSAGES.tooMany(count) };
  }
  const range = findRangeProblem(parts);
  if (range) return syntaxError(range);
  try {
    const text = cronWords(parts.join(' '), locale);
    return { ok: true, text };
  } catch {
    return syntaxError();
  }
}

/**
 * The next `count` times the expression fires after `from`, in local time, as the scheduler
 * computes them. Empty when the scheduler rejects the expression or it never fires (31 February).
 */
export function nextRuns(expression: string, count: number, from: Date = new Date()): Date[] {
  try {
    return new Cron(expression.trim()).nextRuns(count, from);
  } catch {
    return [];
  }
}
