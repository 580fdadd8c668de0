import { describe, expect, it } from 'vitest';
import { parseRunRecord } from './run-record.js';

const record = (fields: string, output = '') => `${fields}\n--\n${output}`;
const HEAD = 'id=12\nstart=1000\nend=1250\ncode=3\nskipped=0\ntruncated=0';

describe('run records', () => {
  it('reads what the wrapper wrote, the output as it is', () => {
    expect(parseRunRecord('12-1000-77.run', record(HEAD, 'a\n--\nb\n'))).toEqual({
      name: '12-1000-77.run',
      cronId: 12,
      startTime: 1000,
      endTime: 1250,
      code: 3,
      skipped: false,
      message: 'a\n--\nb\n',
    });
  });

  it('marks output that was cut, and reads a skipped run', () => {
    const cut = HEAD.replace('truncated=0', 'truncated=40000').replace('skipped=0', 'skipped=1');
    const r = parseRunRecord('12-1000-77.run', record(cut, 'aaa'));
    expect(r?.skipped).toBe(true);
    expect(r?.message).toBe('aaa\n… [output cut: 40000 bytes in all]');
  });

  it.each([
    ['../12-1000-77.run', record(HEAD)],
    ['12-1000-77.tmp', record(HEAD)],
    ['12-1000-77.run', HEAD],
    ['12-1000-77.run', record(HEAD.replace('code=3', 'code=x'))],
    ['12-1000-77.run', record(HEAD.replace('id=12\n', ''))],
  ])('refuses %j', (name, content) => {
    expect(parseRunRecord(name, content)).toBeUndefined();
  });
});
