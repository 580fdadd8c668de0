import { Cron } from 'croner';

/**
 * goploy's five fields (minute hour day month weekday; day and weekday match either, as cron
 * does) or a macro such as `@daily`, in the console's time zone.
 */
const CRON_OPTIONS = { mode: '5-part' } as const;

/** Why `expression` is not a schedule, or undefined when it is one. */
export function cronProblem(expression: string): string | undefined {
  try {
    const cron = new Cron(expression, CRON_OPTIONS);
    return cron.nextRun() ? undefined : 'never runs';
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return `must be a cron expression of five fields or a macro (${text.replace(/^CronPattern: /, '')})`;
  }
}

/** The first time `expression` names after `after` (epoch ms); 0 when there is none. */
export function nextCronRun(expression: string, after: number): number {
  return new Cron(expression, CRON_OPTIONS).nextRun(new Date(after))?.getTime() ?? 0;
}

/** `YYYY-MM-DD HH:mm:ss` in the console's time zone, or undefined when no such time exists. */
export function parseLocalTime(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, s);
  const same =
    date.getFullYear() === y &&
    date.getMonth() === mo - 1 &&
    date.getDate() === d &&
    date.getHours() === h &&
    date.getMinutes() === mi;
  return same ? date.getTime() : undefined;
}
