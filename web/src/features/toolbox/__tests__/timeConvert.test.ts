import { describe, expect, it } from 'vitest';
import {
  applyTimeQuick,
  dateToTimestamp,
  readTimestamp,
  timestampToDate,
} from '../utils/timeConvert';

// Built from local date parts, so the expectations hold in any time zone.
const LOCAL = new Date(2023, 10, 14, 22, 13, 20).getTime();
const LOCAL_S = String(LOCAL / 1000);
const MIDNIGHT = new Date(2023, 10, 14, 0, 0, 0).getTime();

describe('readTimestamp', () => {
  it.each([
    ['10 digits are seconds', '1700000000', 1_700_000_000_000],
    ['13 digits are milliseconds', '1700000000123', 1_700_000_000_123],
    ['blanks around are ignored', ' 1700000000 ', 1_700_000_000_000],
  ])('%s', (_name, input, ms) => {
    expect(readTimestamp(input)).toEqual({ ok: true, value: ms });
  });

  it.each([
    ['empty', ''],
    ['9 digits', '170000000'],
    ['11 digits', '17000000001'],
    ['12 digits', '170000000012'],
    ['14 digits', '17000000001234'],
    ['a sign', '-1700000000'],
    ['a decimal point', '1700000000.5'],
    ['letters', '17000000ab'],
  ])('refuses %s', (_name, input) => {
    expect(readTimestamp(input)).toEqual({ ok: false });
  });
});

describe('timestampToDate', () => {
  it('writes seconds and milliseconds as the same local date', () => {
    expect(timestampToDate(LOCAL_S)).toEqual({ ok: true, value: '2023-11-14 22:13:20' });
    expect(timestampToDate(String(LOCAL + 999))).toEqual({
      ok: true,
      value: '2023-11-14 22:13:20',
    });
  });

  it('refuses a timestamp that is neither 10 nor 13 digits', () => {
    expect(timestampToDate('12345').ok).toBe(false);
  });
});

describe('dateToTimestamp', () => {
  it.each([
    ['2023-11-14 22:13:20', LOCAL],
    ['  2023-11-14 22:13:20 ', LOCAL],
    ['2023-11-14 22:13', LOCAL - 20_000],
    ['2023-11-14', MIDNIGHT],
  ])('reads %j as local time', (input, ms) => {
    expect(dateToTimestamp(input)).toEqual({ ok: true, value: ms });
  });

  it.each(['', 'yesterday', '2023-02-30 00:00:00', '2023-11-14 25:00:00', '14/11/2023'])(
    'refuses %j',
    (input) => {
      expect(dateToTimestamp(input)).toEqual({ ok: false });
    },
  );
});

describe('applyTimeQuick', () => {
  const now = LOCAL + 456;

  it('gives now and the start of today in seconds', () => {
    expect(applyTimeQuick('now', 'whatever', now)).toBe(LOCAL_S);
    expect(applyTimeQuick('today', '', now)).toBe(String(MIDNIGHT / 1000));
  });

  it('moves the current value by 86400 seconds, keeping its unit', () => {
    expect(applyTimeQuick('minusDay', LOCAL_S, now)).toBe(String(LOCAL / 1000 - 86_400));
    expect(applyTimeQuick('plusDay', LOCAL_S, now)).toBe(String(LOCAL / 1000 + 86_400));
    expect(applyTimeQuick('plusDay', String(LOCAL), now)).toBe(String(LOCAL + 86_400_000));
  });

  it('moves the current time when the box is empty', () => {
    expect(applyTimeQuick('plusDay', ' ', now)).toBe(String(LOCAL / 1000 + 86_400));
  });

  it('leaves an unreadable value alone', () => {
    expect(applyTimeQuick('minusDay', '12345', now)).toBeUndefined();
  });
});
