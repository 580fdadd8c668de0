import { usageError } from './exit-codes.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * `90s`, `10m`, `1h`, `1h30m`, `500ms`, or a bare number of seconds, in milliseconds. Anything
 * else (empty, negative, unknown unit, zero) is a usage error naming `what`.
 */
export function parseDuration(text: string, what = '--timeout'): number {
  const input = text.trim();
  if (/^\d+$/.test(input)) return positive(Number(input) * 1000, input, what);
  const parts = [...input.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  const consumed = parts.map((p) => p[0]).join('');
  if (parts.length === 0 || consumed !== input) {
    throw usageError(`${what} must be a duration such as 90s, 10m or 1h (got "${text}")`);
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0);
  return positive(Math.round(ms), input, what);
}

function positive(ms: number, input: string, what: string): number {
  if (ms <= 0) throw usageError(`${what} must be longer than zero (got "${input}")`);
  return ms;
}

/** A duration for people: `850ms`, `12.3s`, `4m05s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${minutes}m${String(seconds).padStart(2, '0')}s`;
}
