import dayjs from 'dayjs';

/**
 * Milliseconds from the request to the response, from the two `YYYY-MM-DD HH:mm:ss` times (so to
 * the second). Undefined when either is missing or the order is impossible.
 */
export function durationMs(requestTime: string, responseTime: string): number | undefined {
  if (!requestTime || !responseTime) return undefined;
  const from = dayjs(requestTime);
  const to = dayjs(responseTime);
  if (!from.isValid() || !to.isValid()) return undefined;
  const ms = to.diff(from);
  return ms >= 0 ? ms : undefined;
}
