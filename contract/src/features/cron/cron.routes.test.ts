import { describe, expect, it } from 'vitest';
import { crontabExpressionOf, cronExpressionProblem, isCronExpression } from './cron-constants.js';
import { add, cronCommandField, cronExpressionField } from './cron.routes.js';
import { importLines } from './crontab.routes.js';

describe('cron expression', () => {
  it.each([
    '* * * * *',
    '*/5 * * * *',
    '0 3 * * 1-5',
    '0,15,30,45 8-18/2 1 jan-mar mon',
    '5 4 * * sun',
    '0 0 1-31/7 JAN 7',
    '59 23 31 12 0',
    '@reboot',
    '@daily',
    '@annually',
  ])('accepts %j', (expression) => {
    expect(isCronExpression(expression)).toBe(true);
  });

  it.each([
    '',
    '* * * *',
    '* * * * * *',
    '60 * * * *',
    '* 24 * * *',
    '* * 0 * *',
    '* * * 13 *',
    '* * * * 8',
    '5-1 * * * *',
    '*/0 * * * *',
    '1/5 * * * *',
    '* * * * * echo',
    '@every',
    '@DAILY',
    'a * * * *',
    '* * * jan-foo *',
    '1,,2 * * * *',
    '$(touch /tmp/x) * * * *',
  ])('refuses %j', (expression) => {
    expect(isCronExpression(expression)).toBe(false);
  });

  it('stores the fields split by one space', () => {
    expect(cronExpressionField.parse('  0\t3  * *   1 ')).toBe('0 3 * * 1');
  });

  it('names the rule it breaks', () => {
    const r = add.input.safeParse({ serverId: 1, expression: '61 * * * *', command: 'true' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['expression']);
    expect(r.error?.issues[0]?.message).toMatch(/five fields/);
  });
});

describe("goploy's six-field expression", () => {
  it.each([
    ['0 17 3 * * 1', '17 3 * * 1'],
    ['0 */5 * * * ?', '*/5 * * * *'],
    ['00 0 4 ? * mon-fri', '0 4 * * mon-fri'],
    ['0  30 2 1 jan ?', '30 2 1 jan *'],
  ])('takes %j, written as %j, stored as sent', (sent, line) => {
    expect(cronExpressionProblem(sent)).toBeUndefined();
    expect(crontabExpressionOf(sent)).toBe(line);
    expect(cronExpressionField.parse(sent)).toBe(sent.replace(/ +/g, ' '));
  });

  it.each(['* * * * * ?', '30 * * * * *', '*/10 * * * * ?', '0-5 * * * * *', '1 0 4 * * 1'])(
    'refuses %j, naming the seconds field and why',
    (sent) => {
      expect(cronExpressionProblem(sent)).toMatch(
        /^the seconds field \(the first of six\) must be 0: a system crontab starts a job at most once a minute/,
      );
    },
  );

  it.each([
    '0 * * * * 8',
    '0 60 * * * *',
    '0 ? * * * *',
    '0 * ? * * *',
    '0 * * * ? *',
    '0 $(id) * * * ?',
    '0 * * * * ?;id',
    '0 * * * * ? *',
  ])('refuses %j by the five-field rule (? only for a day)', (sent) => {
    expect(cronExpressionProblem(sent)).toMatch(/^must be five fields/);
  });

  it('keeps ? out of the five-field form and leaves five fields and macros as they are', () => {
    expect(cronExpressionProblem('0 4 ? * 1')).toMatch(/^must be five fields/);
    expect(crontabExpressionOf(' 0\t4 * * 1 ')).toBe('0 4 * * 1');
    expect(crontabExpressionOf('@daily')).toBe('@daily');
  });
});

describe('cron command', () => {
  it.each(['true', 'echo \'$(touch /tmp/x)\' `id`; date +%s \\% "q"', '  leading and trailing  '])(
    'keeps %j literally',
    (command) => {
      expect(cronCommandField.parse(command)).toBe(command);
    },
  );

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['echo a\necho b', /one line/],
    ['echo a\rb', /one line/],
    ['echo \0', /one line/],
    ['x'.repeat(1001), /at most 1000/],
  ])('refuses %j', (command, rule) => {
    const r = cronCommandField.safeParse(command);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(rule);
  });

  it('fills in goploy-less defaults: enabled, no log, no notification', () => {
    expect(add.input.parse({ serverId: '2', expression: '@hourly', command: 'true' })).toEqual({
      serverId: 2,
      expression: '@hourly',
      command: 'true',
      singleMode: 0,
      logLevel: 0,
      description: '',
      state: 1,
      notifyType: 0,
      notifyTarget: '',
    });
  });

  it('needs an address when a notification is set', () => {
    const r = add.input.safeParse({
      serverId: 1,
      expression: '@hourly',
      command: 'true',
      notifyType: 1,
    });
    expect(r.error?.issues[0]?.path).toEqual(['notifyTarget']);
  });
});

describe('crontab import', () => {
  const checksum = 'a'.repeat(64);
  it('takes line numbers as a list and the checksum that was read', () => {
    expect(importLines.input.parse({ serverId: '3', lineNos: [2, 5], checksum })).toEqual({
      serverId: 3,
      lineNos: [2, 5],
      checksum,
    });
  });

  it.each([
    [{ serverId: 3, lineNos: [], checksum }, 'lineNos'],
    [{ serverId: 3, lineNos: [0], checksum }, 'lineNos'],
    [{ serverId: 3, lineNos: [1], checksum: 'abc' }, 'checksum'],
    [{ serverId: 3, lineNos: [1] }, 'checksum'],
  ])('refuses %j naming %s', (input, field) => {
    const r = importLines.input.safeParse(input);
    expect(r.error?.issues[0]?.path[0]).toBe(field);
  });
});
