/** `420 ms`, `4.2 s`, `12 s`, `3m 05s`, `1h 02m`: how long a server's part took. */
export function runDuration(ms: number): string {
  const safe = Math.max(0, ms);
  if (safe < 1000) return `${Math.round(safe)} ms`;
  if (safe < 10_000) return `${(safe / 1000).toFixed(1)} s`;
  const s = Math.floor(safe / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}
