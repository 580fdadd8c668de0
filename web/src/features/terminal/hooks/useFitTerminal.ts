import { useEffect } from 'react';
import { fitXterm } from '../utils/fitXterm';
import type { Xterm } from './useXterm';

/**
 * Keeps the active tab's terminal fitted to its box: when the tab is shown, when the window
 * resizes, and when the box itself changes size (sidebar, full screen). xterm then reports the
 * new size, which the session sends to the console. A hidden tab is fitted when shown again.
 */
export function useFitTerminal(xterm: Xterm | undefined, active: boolean): void {
  useEffect(() => {
    if (!xterm || !active) return;
    let frame = 0;
    // One fit per frame however many events arrive, after the layout has settled.
    const fit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => fitXterm(xterm));
    };
    fit();
    xterm.term.focus();
    window.addEventListener('resize', fit);
    const box = xterm.term.element?.parentElement;
    const observer = box ? new ResizeObserver(fit) : undefined;
    if (box) observer?.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  }, [xterm, active]);
}
