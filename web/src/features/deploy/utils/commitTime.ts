import dayjs from 'dayjs';

/** A commit's time (epoch seconds) as `YYYY-MM-DD HH:mm:ss` in the browser's zone; '' for none. */
export function commitTime(timestamp: number): string {
  return timestamp > 0 ? dayjs.unix(timestamp).format('YYYY-MM-DD HH:mm:ss') : '';
}
