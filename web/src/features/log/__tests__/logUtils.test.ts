import { describe, expect, it } from 'vitest';
import { durationMs } from '../../../ui/durationMs';
import { nextPage } from '../../../ui/pageSearch';
import { validateLoginLogSearch } from '../utils/loginLogSearch';
import { validateOperationLogSearch } from '../utils/operationLogSearch';
import { prettyJson } from '../utils/prettyJson';
import { responseCode } from '../utils/responseCode';

describe('log search params', () => {
  it('keeps what is set and leaves defaults out', () => {
    expect(validateLoginLogSearch({ account: ' bob ', page: 3, rows: 50 })).toEqual({
      account: 'bob',
      page: 3,
      rows: 50,
    });
    expect(validateLoginLogSearch({ account: '', page: 1, rows: 20 })).toEqual({});
  });

  it('takes a numeric-looking account back as text', () => {
    expect(validateLoginLogSearch({ account: 10086 })).toEqual({ account: '10086' });
  });

  it('drops pages and sizes it cannot use', () => {
    expect(validateLoginLogSearch({ page: 0, rows: 7 })).toEqual({});
    expect(validateLoginLogSearch({ page: 'x', rows: 1000 })).toEqual({});
    expect(validateLoginLogSearch({ page: 2.5 })).toEqual({});
    expect(validateOperationLogSearch({ page: '4', rows: '100' })).toEqual({ page: 4, rows: 100 });
  });

  it('reads the operation log filters', () => {
    expect(
      validateOperationLogSearch({ username: 'Bob', router: '/member/index', api: '', x: 1 }),
    ).toEqual({ username: 'Bob', router: '/member/index' });
  });

  it('starts again at page 1 when the size changes', () => {
    expect(nextPage({ page: 3, rows: 20 }, 4, 20)).toEqual({ page: 4, rows: undefined });
    expect(nextPage({ page: 3, rows: 20 }, 3, 50)).toEqual({ page: undefined, rows: 50 });
    expect(nextPage({ page: 3, rows: 50 }, 1, 50)).toEqual({ page: undefined, rows: 50 });
  });
});

describe('prettyJson', () => {
  it('indents JSON', () => {
    expect(prettyJson('{"a":1,"b":[true]}')).toEqual({
      text: '{\n  "a": 1,\n  "b": [\n    true\n  ]\n}',
      isJson: true,
    });
  });

  it('gives anything else back as it was', () => {
    expect(prettyJson('{"a":1…[truncated]')).toEqual({ text: '{"a":1…[truncated]', isJson: false });
    expect(prettyJson('')).toEqual({ text: '', isJson: false });
  });
});

describe('responseCode', () => {
  it('reads the envelope code', () => {
    expect(responseCode('{"code":0,"data":null}')).toBe(0);
    expect(responseCode('{"code":10003}')).toBe(10003);
  });

  it('is undefined without one', () => {
    expect(responseCode('')).toBeUndefined();
    expect(responseCode('{"code":"0"}')).toBeUndefined();
    expect(responseCode('null')).toBeUndefined();
    expect(responseCode('{"code":0…[truncated]')).toBeUndefined();
  });
});

describe('durationMs', () => {
  it('measures from the request to the response', () => {
    expect(durationMs('2026-01-02 10:00:00', '2026-01-02 10:01:05')).toBe(65_000);
    expect(durationMs('2026-01-02 10:00:00', '2026-01-02 10:00:00')).toBe(0);
  });

  it('is undefined when a time is missing or the order impossible', () => {
    expect(durationMs('', '2026-01-02 10:00:00')).toBeUndefined();
    expect(durationMs('2026-01-02 10:00:05', '2026-01-02 10:00:00')).toBeUndefined();
    expect(durationMs('yesterday', '2026-01-02 10:00:00')).toBeUndefined();
  });
});
