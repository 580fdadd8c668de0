import type { TFunction } from 'i18next';

/** How long a run took: milliseconds under a second, then seconds, then minutes and seconds. */
export function runDuration(ms: number, t: TFunction<'cron'>): string {
  if (ms < 1000) return t('duration.ms', { n: Math.max(0, Math.round(ms)) });
  if (ms < 60_000) return t('duration.s', { n: Math.round(ms / 100) / 10 });
  const s = Math.round(ms / 1000);
  return t('duration.min', { m: Math.floor(s / 60), s: s % 60 });
}
