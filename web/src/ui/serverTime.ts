/** A server time (`YYYY-MM-DD HH:mm:ss`, the console's local time) in ms; NaN when it is not one. */
export function serverTimeMs(time: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(time);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}
