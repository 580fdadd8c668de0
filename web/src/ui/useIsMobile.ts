import { useSyncExternalStore } from 'react';

/** Below this width the layout switches to mobile mode (product.md §2). */
export const MOBILE_BREAKPOINT = 992;

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  if (typeof window.matchMedia !== 'function') return window.innerWidth < MOBILE_BREAKPOINT;
  return window.matchMedia(QUERY).matches;
}

/** True below 992px, read synchronously so the first paint already has the right layout. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
