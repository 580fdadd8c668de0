import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** How the date tool writes and reads dates, in local time. */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Shorter forms also accepted when reading a date (the missing parts are zero). */
const DATE_INPUT_FORMATS = [DATE_FORMAT, 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD'];

/** One day, in seconds: what the −1 day and +1 day buttons move by. */
export const DAY_SECONDS = 86_400;

export type TimeResult<T> = { ok: true; value: T } | { ok: false };

/** The quick buttons of the date tool. */
export type TimeQuickAction = 'now' | 'today' | 'minusDay' | 'plusDay';

/**
 * Reads a timestamp: 10 digits are seconds (multiplied by 1000), 13 digits milliseconds; anything
 * else is refused. Surrounding blanks are ignored.
 */
export function readTimestamp(input: string): TimeResult<number> {
  const text = input.trim();
  if (/^\d{10}$/.test(text)) return { ok: true, value: Number(text) * 1000 };
  if (/^\d{13}$/.test(text)) return { ok: true, value: Number(text) };
  return { ok: false };
}

/** A timestamp (10 or 13 digits) as 'YYYY-MM-DD HH:mm:ss' in local time. */
export function timestampToDate(input: string): TimeResult<string> {
  const read = readTimestamp(input);
  return read.ok ? { ok: true, value: dayjs(read.value).format(DATE_FORMAT) } : read;
}

/** A local date ('YYYY-MM-DD HH:mm:ss', or without seconds, or without time) in milliseconds. */
export function dateToTimestamp(input: string): TimeResult<number> {
  const text = input.trim();
  // Strict parsing refuses impossible dates such as 2024-02-30 instead of rolling them over.
  const parsed = dayjs(text, DATE_INPUT_FORMATS, true);
  return parsed.isValid() ? { ok: true, value: parsed.valueOf() } : { ok: false };
}

/** Seconds since the epoch of a millisecond time, as the 10-digit text the tool shows. */
export const toSecondsText = (ms: number): string => String(Math.floor(ms / 1000));

/**
 * What a quick button writes into the timestamp box. "now" and "today" (the start of the local
 * day) give seconds; the day buttons move the box's value by 86400 s, keeping its unit, or move
 * the current time when the box is empty. Undefined when the box holds something unreadable.
 */
export function applyTimeQuick(
  action: TimeQuickAction,
  current: string,
  nowMs: number,
): string | undefined {
  switch (action) {
    case 'now':
      return toSecondsText(nowMs);
    case 'today':
      return toSecondsText(dayjs(nowMs).startOf('day').valueOf());
    case 'minusDay':
    case 'plusDay':
      return shiftByDay(current, action === 'plusDay' ? 1 : -1, nowMs);
  }
}

function shiftByDay(current: string, days: 1 | -1, nowMs: number): string | undefined {
  const text = current.trim();
  if (text === '') return toSecondsText(nowMs + days * DAY_SECONDS * 1000);
  const read = readTimestamp(text);
  if (!read.ok) return undefined;
  const shifted = read.value + days * DAY_SECONDS * 1000;
  return text.length === 13 ? String(shifted) : toSecondsText(shifted);
}
