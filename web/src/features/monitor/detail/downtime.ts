import i18next from 'i18next';

/**
 * A number of seconds in the two largest units that matter: "45 s", "3 min 20 s", "1 h 5 min",
 * "2 d 3 h"; never negative.
 */
export function downtime(totalSeconds: number): string {
  const t = i18next.getFixedT(null, 'monitorDetail');
  const whole = Math.max(0, Math.round(totalSeconds));
  const d = Math.floor(whole / 86_400);
  const h = Math.floor((whole % 86_400) / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (d > 0) return t('duration.days', { d, h });
  if (h > 0) return t('duration.hours', { h, m });
  if (m > 0) return t('duration.minutes', { m, s });
  return t('duration.seconds', { s });
}

/** A percentage of passing checks as the header shows it: two decimals at most, no trailing 0. */
export function uptimeText(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}
