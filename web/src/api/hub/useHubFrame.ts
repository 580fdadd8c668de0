import { useEffect, useRef } from 'react';
import { subscribeFrames } from './hubFrames';

/**
 * Runs `handler` for every hub frame of `type` while the component is mounted; features use it
 * to invalidate their queries or update a live view.
 */
export function useHubFrame(type: number, handler: (message: unknown) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeFrames(type, (m) => latest.current(m)), [type]);
}
