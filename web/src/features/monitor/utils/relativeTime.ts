const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 365],
];

/**
 * "5 seconds ago", "3 minutes ago", "2 hours ago" in `language`; "now" within a second, and a
 * time a little ahead (the server's clock) reads as now too.
 */
export function relativeTime(time: number, now: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  let value = Math.max(0, Math.round((now - time) / 1000));
  for (const [unit, per] of STEPS) {
    if (value < per) return format.format(-value, unit);
    value = Math.floor(value / per);
  }
  return format.format(-value, 'year');
}
