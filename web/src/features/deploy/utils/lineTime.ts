import dayjs from 'dayjs';

/** When a log line was printed, as the log shows it (local time to the second); '' if unknown. */
export function lineTime(at: number | undefined): string {
  return at === undefined ? '' : dayjs(at).format('HH:mm:ss');
}
