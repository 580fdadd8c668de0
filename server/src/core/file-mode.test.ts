import { describe, expect, it } from 'vitest';
import { modeString } from './file-mode.js';

describe('file modes', () => {
  it('print modes as ls -l does', () => {
    expect(modeString(0o040755)).toBe('drwxr-xr-x');
    expect(modeString(0o100644)).toBe('-rw-r--r--');
    expect(modeString(0o120777)).toBe('lrwxrwxrwx');
    expect(modeString(0o104755)).toBe('-rwsr-xr-x');
    expect(modeString(0o102644)).toBe('-rw-r-Sr--');
    expect(modeString(0o041777)).toBe('drwxrwxrwt');
    expect(modeString(0o010600)).toBe('prw-------');
    expect(modeString(0o140755)).toBe('srwxr-xr-x');
  });
});
