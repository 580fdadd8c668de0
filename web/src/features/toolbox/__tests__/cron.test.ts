import { describe, expect, it } from 'vitest';
import { CRON_MESSAGES, describeCron, nextRuns } from '../utils/cron';

const GENERIC =
  'An error occured when generating the expression description. Check the cron expression syntax.';

describe('describeCron', () => {
  it.each([
    ['', 'Expression is empty'],
    ['   ', 'Expression is empty'],
    ['* * * *', 'Expression has only 4 parts. At least 5 parts are required.'],
    ['*', 'Expression has only 1 parts. At least 5 parts are required.'],
    ['0 0 0 1 1 ? 2030 5', 'Expression has 8 parts; too many!'],
    ['a b c d e', GENERIC],
    ['*/0 * * * *', GENERIC],
    ['? * * * *', GENERIC],
  ])('answers %j with the specification message %j', (expression, message) => {
    const result = describeCron(expression, 'en');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe(message);
  });

  it.each([
    ['60 * * * *', 'minute', '60'],
    ['* 24 * * *', 'hour', '24'],
    ['* * 0 * *', 'day', '0'],
    ['* * 32 * *', 'day', '32'],
    ['* * * 0 *', 'month', '0'],
    ['* * * 13 *', 'month', '13'],
    ['* * * * 8', 'week', '8'],
    ['* * * * 1-8', 'week', '8'],
    ['5,61 * * * *', 'minute', '61'],
    ['60 * * * * *', 'second', '60'],
    ['0 60 * * * *', 'minute', '60'],
    ['0 0 0 1 1 ? 1969', 'year', '1969'],
    // Six parts put the seconds first, so a trailing year lands in the week field.
    ['0 0 12 * * 2025', 'week', '2025'],
  ])(
    'rejects %j with the generic message and names the %s value %s',
    (expression, field, value) => {
      const result = describeCron(expression, 'en');
      expect(result).toMatchObject({ ok: false, reason: 'syntax', message: GENERIC });
      if (!result.ok) expect(result.range).toMatchObject({ field, value });
    },
  );

  it.each([
    ['* * * * *', 'en', 'Every minute'],
    ['* * * * *', 'zh_CN', '每分钟'],
    ['*/10 * * * *', 'en', 'Every 10 minutes'],
    ['0 0-23/2 * * *', 'en', 'every 2 hours'],
    ['0 9 * * 0', 'en', 'only on Sunday'],
    ['0 9 * * 7', 'en', 'only on Sunday'],
    ['0 9 * * 1-7', 'en', 'Monday through Sunday'],
    ['0 9 ? * MON-FRI', 'en', 'Monday through Friday'],
    ['0 9 1 JAN *', 'en', 'only in January'],
    ['0 9 1,15 * ?', 'en', 'on day 1 and 15 of the month'],
    ['30 * * * * *', 'en', 'At 30 seconds past the minute'],
    ['0 0 12 ? JAN MON 2030', 'en', 'only in 2030'],
    ['0 0 12 ? JAN MON 2030', 'zh_CN', '仅于 2030 年'],
    ['0 0 L * *', 'en', 'on the last day of the month'],
    ['0 0 ? * 6#3', 'en', 'on the third Saturday of the month'],
    ['  0   12  *  *  * ', 'en', 'At 12:00'],
  ] as const)('describes %j in %s', (expression, locale, fragment) => {
    const result = describeCron(expression, locale);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (result.ok) expect(result.text).toContain(fragment);
  });

  it('counts the parts in its messages', () => {
    expect(CRON_MESSAGES.tooFew(3)).toBe(
      'Expression has only 3 parts. At least 5 parts are required.',
    );
    expect(CRON_MESSAGES.tooMany(9)).toBe('Expression has 9 parts; too many!');
  });
});

describe('nextRuns', () => {
  const from = new Date(2030, 0, 1, 10, 0, 0);

  it('lists the next five times in local time', () => {
    expect(nextRuns('*/15 * * * *', 5, from)).toEqual([
      new Date(2030, 0, 1, 10, 15),
      new Date(2030, 0, 1, 10, 30),
      new Date(2030, 0, 1, 10, 45),
      new Date(2030, 0, 1, 11, 0),
      new Date(2030, 0, 1, 11, 15),
    ]);
  });

  it('reads six parts as seconds first and seven parts with the year last', () => {
    expect(nextRuns('30 * * * * *', 2, from)).toEqual([
      new Date(2030, 0, 1, 10, 0, 30),
      new Date(2030, 0, 1, 10, 1, 30),
    ]);
    expect(nextRuns('0 0 12 1 1 ? 2031', 1, from)).toEqual([new Date(2031, 0, 1, 12, 0, 0)]);
  });

  it('treats ? like * and 7 like Sunday', () => {
    // 2030-01-06 is a Sunday.
    expect(nextRuns('0 9 ? * 7', 1, from)).toEqual([new Date(2030, 0, 6, 9, 0)]);
  });

  it('is empty for an expression the scheduler rejects or one that never fires', () => {
    expect(nextRuns('a b c d e', 5, from)).toEqual([]);
    expect(nextRuns('0 0 31 2 *', 5, from)).toEqual([]);
  });
});
