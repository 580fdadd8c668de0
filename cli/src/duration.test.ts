import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.js';

describe('parseDuration', () => {
  it('reads seconds, minutes, hours, milliseconds and combinations', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('1.5s')).toBe(1500);
  });

  it('reads a bare number as seconds', () => {
    expect(parseDuration('45')).toBe(45_000);
  });

  it.each(['', '0s', '-5s', '10x', 'm', '5 m', '1h junk', '10mm'])(
    'refuses %j with a usage error naming the option',
    (text) => {
      expect(() => parseDuration(text)).toThrow(/--timeout must be/);
      try {
        parseDuration(text);
      } catch (err) {
        expect((err as { exitCode: number }).exitCode).toBe(64);
      }
    },
  );
});

describe('formatDuration', () => {
  it('says milliseconds, seconds or minutes and seconds', () => {
    expect(formatDuration(850)).toBe('850ms');
    expect(formatDuration(12_340)).toBe('12.3s');
    expect(formatDuration(245_000)).toBe('4m05s');
  });
});
