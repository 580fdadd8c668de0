import { describe, expect, it } from 'vitest';
import { copyName, fileNameProblem } from '../utils/fileName';
import { humanSize, humanSpeed } from '../../../ui/humanSize';

describe('humanSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [150 * 1024 * 1024, '150 MiB'],
    [5.25 * 1024 ** 3, '5.3 GiB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });

  it('words a speed', () => {
    expect(humanSpeed(2.5 * 1024 * 1024)).toBe('2.5 MiB/s');
  });
});

describe('file names', () => {
  it('refuses what the console refuses', () => {
    expect(fileNameProblem('app.conf')).toBeUndefined();
    expect(fileNameProblem('a;b $(c)')).toBeUndefined();
    expect(fileNameProblem('')).toBe('empty');
    expect(fileNameProblem('a/b')).toBe('slash');
    expect(fileNameProblem('..')).toBe('dots');
    expect(fileNameProblem('a\0')).toBe('nul');
    expect(fileNameProblem('é'.repeat(128))).toBe('tooLong');
  });

  it('finds a free name for a copy', () => {
    expect(copyName('app.conf', new Set(), false)).toBe('app copy.conf');
    expect(copyName('app.conf', new Set(['app copy.conf']), false)).toBe('app copy 2.conf');
    expect(copyName('release.v2', new Set(), true)).toBe('release.v2 copy');
    expect(copyName('.env', new Set(), false)).toBe('.env copy');
  });
});
