import type { ConsoleRow } from './ConsoleRow';

/** Where a console stands: heard from and working, stopping, or not heard from for 30 s. */
export type ConsoleState = 'up' | 'draining' | 'down';

/** A console not heard from is down, even if it was draining when last heard. */
export function consoleState(row: Pick<ConsoleRow, 'up' | 'draining'>): ConsoleState {
  if (!row.up) return 'down';
  return row.draining ? 'draining' : 'up';
}
