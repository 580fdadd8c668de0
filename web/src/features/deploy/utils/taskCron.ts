import { Cron } from 'croner';

/** The server's rule: goploy's five fields or a macro (`@daily`), in the console's time zone. */
const CRON_OPTIONS = { mode: '5-part' } as const;

/** The next `count` times `expression` names after `after`, or undefined when it is not valid. */
export function nextCronRuns(expression: string, count: number, after = new Date()) {
  if (expression.trim() === '') return undefined;
  try {
    return new Cron(expression.trim(), CRON_OPTIONS).nextRuns(count, after);
  } catch {
    return undefined;
  }
}
