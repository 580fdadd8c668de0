import type { FitAddon } from '@xterm/addon-fit';

/**
 * Fits a terminal to its box. A hidden tab has no size, and the fit addon then leaves the
 * terminal as it is; a terminal disposed in the meantime is left alone too.
 */
export function fitXterm({ fit }: { fit: FitAddon }): void {
  try {
    fit.fit();
  } catch {
    // Disposed between the request and the frame: nothing to fit.
  }
}
