import { describe, expect, it } from 'vitest';
import { monitorTargetObject, parseStatuses, statusAccepted } from './monitor-target.js';

describe('parseStatuses', () => {
  it.each<[string, [number, number][]]>([
    ['200-399', [[200, 399]]],
    ['200', [[200, 200]]],
    [
      '200,204,301-302',
      [
        [200, 200],
        [204, 204],
        [301, 302],
      ],
    ],
    [
      ' 200 , 301 - 302 ',
      [
        [200, 200],
        [301, 302],
      ],
    ],
    ['', [[200, 399]]],
    ['  ', [[200, 399]]],
    ['100-599', [[100, 599]]],
  ])('reads %j', (text, ranges) => {
    expect(parseStatuses(text)).toEqual(ranges);
  });

  it.each([
    'abc',
    '200-',
    '-200',
    '200,,204',
    '200;204',
    '399-200',
    '99',
    '600',
    '200-600',
    '2000',
    '20x',
    '200,',
  ])('refuses %j', (text) => {
    expect(parseStatuses(text)).toBeUndefined();
  });

  it('tells whether a status is accepted', () => {
    const ranges = parseStatuses('200,301-302')!;
    expect([200, 201, 301, 302, 303, 500].map((s) => statusAccepted(ranges, s))).toEqual([
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('monitorTargetObject statuses', () => {
  it('defaults to 200-399 and keeps a valid list', () => {
    expect(monitorTargetObject.parse({ items: ['https://x'] }).statuses).toBe('200-399');
    expect(monitorTargetObject.parse({ items: ['https://x'], statuses: '200,204' }).statuses).toBe(
      '200,204',
    );
  });

  it('refuses a bad list with a clear message', () => {
    const r = monitorTargetObject.safeParse({ items: ['https://x'], statuses: '200-abc' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ['statuses'],
      message: expect.stringMatching(/^must be HTTP statuses \(100-599\)/),
    });
  });
});
