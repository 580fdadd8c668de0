import { describe, expect, it } from 'vitest';
import { nextCronRuns } from '../../../ui/nextCronRuns';
import { cronProblem } from '../utils/cronExpression';
import { cronDescription } from '../utils/cronText';

describe('cronProblem', () => {
  it.each([
    '* * * * *',
    '*/5 * * * *',
    '0 3 * * mon-fri',
    '0,30 8-18/2 1,15 jan-jun 0',
    '0 0 * * 7',
    '@daily',
    '@reboot',
    '@midnight',
  ])('accepts %s', (expression) => {
    expect(cronProblem(expression)).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(cronProblem('  ')).toEqual({ kind: 'empty' });
    expect(cronProblem('* * * *')).toEqual({ kind: 'count', parts: 4 });
    expect(cronProblem('0 * * * * *')).toEqual({ kind: 'count', parts: 6 });
    expect(cronProblem('@often')).toEqual({ kind: 'macro', value: '@often' });
    expect(cronProblem('@DAILY')).toEqual({ kind: 'macro', value: '@DAILY' });
    expect(cronProblem('1/5 * * * *')).toEqual({ kind: 'field', field: 'minute', value: '1/5' });
    expect(cronProblem('60 * * * *')).toEqual({ kind: 'field', field: 'minute', value: '60' });
    expect(cronProblem('0 5-3 * * *')).toEqual({ kind: 'field', field: 'hour', value: '5-3' });
    expect(cronProblem('0 0 0 * *')).toEqual({ kind: 'field', field: 'dayOfMonth', value: '0' });
    expect(cronProblem('0 0 * foo *')).toEqual({ kind: 'field', field: 'month', value: 'foo' });
    expect(cronProblem('0 0 * * 1,')).toEqual({ kind: 'field', field: 'dayOfWeek', value: '1,' });
    expect(cronProblem('*/0 * * * *')).toEqual({ kind: 'field', field: 'minute', value: '*/0' });
    expect(cronProblem('0 0 * * ?')).toEqual({ kind: 'field', field: 'dayOfWeek', value: '?' });
  });
});

describe('cronDescription', () => {
  it('puts an expression in words in English and in Chinese', () => {
    expect(cronDescription('*/5 * * * mon-fri', 'en')).toBe(
      'Every 5 minutes, Monday through Friday',
    );
    expect(cronDescription('*/5 * * * mon-fri', 'zh_CN')).toBe('每隔 5 分钟, 星期一至星期五');
    expect(cronDescription('@reboot', 'en')).toBe('Run once, at startup');
  });

  it('has no words for an invalid expression', () => {
    expect(cronDescription('* * *', 'en')).toBeUndefined();
  });
});

describe('nextCronRuns', () => {
  it('lists the next runs of an expression and of a macro, none for @reboot', () => {
    const from = new Date(2026, 0, 1, 10, 7);
    expect(nextCronRuns('*/15 * * * *', 2, from)).toEqual([
      new Date(2026, 0, 1, 10, 15),
      new Date(2026, 0, 1, 10, 30),
    ]);
    expect(nextCronRuns('@daily', 1, from)).toEqual([new Date(2026, 0, 2, 0, 0)]);
    expect(nextCronRuns('@reboot', 5, from)).toBeUndefined();
  });
});
