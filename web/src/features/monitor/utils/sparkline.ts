import type { SparkPoint } from './MonitorRow';
import { serverTimeMs } from '../../../ui/serverTime';

/** One drawn stretch of a sparkline: SVG polyline points, or a failed minute's mark. */
export interface SparkShape {
  /** Polylines of consecutive passing minutes (`x,y x,y …`). */
  lines: string[];
  /** The x of each minute whose checks all failed. */
  failures: number[];
}

/**
 * Draws the last hour's points into a `width` × `height` box: time along x over the span
 * (`spanMs` up to `now`), latency along y from 0 (bottom) to the hour's highest (top, less a
 * pixel so the line stays inside). A failed minute breaks the line and is marked at its x.
 */
export function sparkShape(
  points: readonly SparkPoint[],
  box: { width: number; height: number; now: number; spanMs: number },
): SparkShape {
  const { width, height, now, spanMs } = box;
  const from = now - spanMs;
  const max = Math.max(1, ...points.map(([, v]) => v ?? 0));
  const xOf = (time: string) => {
    const ms = serverTimeMs(time);
    const x = ((ms - from) / spanMs) * width;
    return round(Math.min(width, Math.max(0, x)));
  };
  const top = 1;
  const bottom = height - 1;
  const yOf = (v: number) => round(bottom - (v / max) * (bottom - top));
  const lines: string[] = [];
  const failures: number[] = [];
  let current: string[] = [];
  for (const [time, latency] of points) {
    if (latency === null) {
      failures.push(xOf(time));
      if (current.length) lines.push(current.join(' '));
      current = [];
      continue;
    }
    current.push(`${xOf(time)},${yOf(latency)}`);
  }
  if (current.length) lines.push(current.join(' '));
  // A single point draws nothing as a polyline: widen it into a short dash.
  return {
    lines: lines.map((l) => (l.includes(' ') ? l : dash(l))),
    failures,
  };
}

function dash(point: string): string {
  const [x = 0, y = 0] = point.split(',').map(Number);
  return `${round(Math.max(0, x - 1.5))},${y} ${round(x + 1.5)},${y}`;
}

const round = (n: number) => Math.round(n * 10) / 10;
