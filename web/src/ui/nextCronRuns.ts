import { Cron } from 'croner';

/**
 * The servers' rule: five fields (minute hour day-of-month month day-of-week) or a macro
 * (`@daily`), in the console's time zone; a day-of-month and a day-of-week both given match
 * either, as cron does.
 */
const CRON_OPTIONS = { mode: '5-part' } as const;

/**
 * The next `count` times `expression` names after `after`, or undefined when it is not valid or
 * names no time (`@reboot` runs when the server starts).
 */
export function nextCronRuns(expression: string, count: number, after = new Date()) {
  if (expression.trim() === '') return undefined;
  try {
    return new Cron(expression.trim(), CRON_OPTIONS).nextRuns(count, after);
  } catch {
    return undefined;
  }
}
