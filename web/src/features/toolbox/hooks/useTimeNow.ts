import { useNow } from '../../../ui/useNow';

/** How often the date tool's placeholders show the current time anew (product.md §4). */
export const TIME_REFRESH_MS = 1000;

/** The current time in milliseconds, refreshed every second while the component is shown. */
export function useTimeNow(intervalMs = TIME_REFRESH_MS): number {
  return useNow(intervalMs);
}
