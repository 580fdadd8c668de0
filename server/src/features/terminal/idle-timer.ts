/** Fires once when `touch` has not been called for `idleMs`. */
export interface IdleTimer {
  touch: () => void;
  stop: () => void;
}

/**
 * A timer that is cheap to touch on every chunk of output: touching only notes the time, and the
 * one pending timeout re-arms itself for the remainder when it finds recent activity.
 */
export function createIdleTimer(idleMs: number, onIdle: () => void): IdleTimer {
  let last = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number) => {
    timer = setTimeout(check, ms);
    timer.unref();
  };
  const check = () => {
    const quietFor = Date.now() - last;
    if (quietFor >= idleMs) {
      timer = undefined;
      onIdle();
    } else {
      arm(idleMs - quietFor);
    }
  };
  arm(idleMs);
  return {
    touch: () => {
      last = Date.now();
    },
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
