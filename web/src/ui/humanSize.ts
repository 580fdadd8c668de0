const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** A byte count as people read it: `512 B`, `1.5 KiB`, `23.4 MiB`, `1,234 B` never. */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} B`;
  // One decimal below 100 (`9.8 MiB`), none above (`512 MiB`).
  const shown = value < 100 ? value.toFixed(1) : Math.round(value).toString();
  return `${shown} ${UNITS[unit]}`;
}

/** A speed in bytes per second: `1.2 MiB/s`. */
export function humanSpeed(bytesPerSecond: number): string {
  return `${humanSize(Math.round(bytesPerSecond))}/s`;
}
