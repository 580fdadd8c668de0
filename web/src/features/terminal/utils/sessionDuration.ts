import i18next from 'i18next';
import { durationMs } from '../../../ui/durationMs';

/**
 * How long a terminal session lasted, to the second ("1 h 5 min", "3 min 20 s", "12 s");
 * undefined while it is open or when a time is missing.
 */
export function sessionDuration(startTime: string, endTime: string): string | undefined {
  const ms = durationMs(startTime, endTime);
  if (ms === undefined) return undefined;
  const t = i18next.getFixedT(null, 'terminal');
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return t('log.duration.hours', { h, m });
  if (m > 0) return t('log.duration.minutes', { m, s });
  return t('log.duration.seconds', { s });
}
