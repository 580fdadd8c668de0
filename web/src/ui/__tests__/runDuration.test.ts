import { describe, expect, it } from 'vitest';
import { runDuration } from '../run/runDuration';

describe('runDuration', () => {
  it.each([
    [42, '42 ms'],
    [4200, '4.2 s'],
    [12_400, '12 s'],
    [185_000, '3m 05s'],
    [3_720_000, '1h 02m'],
  ])('%i ms reads %s', (ms, text) => {
    expect(runDuration(ms)).toBe(text);
  });
});
