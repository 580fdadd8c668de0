import { describe, expect, it } from 'vitest';
import { addMonitor, thresholdField } from './warning-rule.routes.js';

const goployForm = {
  serverId: '3',
  item: 'cpu_usage',
  formula: 'avg',
  operator: '>=',
  value: '80',
  groupCycle: 5,
  lastCycle: 3,
  silentCycle: 10,
  startTime: '22:00',
  endTime: '06:00',
  notifyType: 1,
  notifyTarget: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
};

describe('warning rule form', () => {
  it("takes goploy's form, its threshold text as a number", () => {
    expect(addMonitor.input.parse(goployForm)).toEqual({ ...goployForm, serverId: 3, value: 80 });
  });

  it('fills in the whole day and no notification when they are left out', () => {
    const { startTime: _s, endTime: _e, notifyType: _t, notifyTarget: _n, ...bare } = goployForm;
    expect(addMonitor.input.parse(bare)).toMatchObject({
      startTime: '00:00',
      endTime: '23:59',
      notifyType: 0,
      notifyTarget: '',
    });
  });

  it.each([
    ['9.5', 9.5],
    [' 80 ', 80],
    ['-3', -3],
    ['.5', 0.5],
    ['1e3', 1000],
    [42.25, 42.25],
  ])('reads the threshold %j as %d', (input, expected) => {
    expect(thresholdField.parse(input)).toBe(expected);
  });

  it.each(['', 'abc', '80%', '0x10', 'Infinity', '1,5', true, null])(
    'refuses the threshold %j',
    (input) => {
      expect(thresholdField.safeParse(input).success).toBe(false);
    },
  );
});
