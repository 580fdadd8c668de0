/** A pass that runs now and then every `everyMs`, never two at once. */
export interface Ticker {
  /** Runs a pass soon: now when idle, else right after the one under way. */
  kick(): void;
  /** Ends the schedule and waits for a pass under way. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` now and every `everyMs` (the timer does not keep the process alive). A failed pass
 * is logged as `what` failed; the schedule goes on.
 */
export function startTicker(
  pass: () => Promise<unknown>,
  o: { everyMs: number; log: { error(obj: object, msg: string): void }; what: string },
): Ticker {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    again = false;
    running = pass()
      .then(() => undefined)
      .catch((err: unknown) => o.log.error({ err }, `${o.what} failed`))
      .finally(() => {
        busy = false;
        if (again) tick();
      });
  };
  tick();
  const timer = setInterval(tick, o.everyMs);
  timer.unref();
  return {
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      // A pass asked for again runs from the one under way: wait until the last settles.
      while (busy) await running;
    },
  };
}
