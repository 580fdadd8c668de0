/**
 * Ends work on an abort signal or after a time limit, whichever comes first. `promise` rejects
 * at that moment with an error saying which, so a caller racing against it is never late.
 */
export class Stopper {
  readonly promise: Promise<never>;
  private reason: Error | undefined;
  private readonly timer: NodeJS.Timeout;
  private rejectNow: (e: Error) => void = () => undefined;
  private readonly onAbort = () => this.stop(new Error(`${this.what} was cancelled`));

  constructor(
    private readonly what: string,
    private readonly signal: AbortSignal | undefined,
    timeoutMs: number,
    private readonly onStop: () => void,
  ) {
    this.promise = new Promise<never>((_, reject) => (this.rejectNow = reject));
    this.promise.catch(() => undefined); // observed by whoever races it
    this.timer = setTimeout(
      () => this.stop(new Error(`${what} did not finish within ${timeoutMs} ms and was stopped`)),
      timeoutMs,
    );
    if (signal?.aborted) this.onAbort();
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  get stopped(): Error | undefined {
    return this.reason;
  }

  /** Settles with `work`, or rejects as soon as the stop comes. */
  race<T>(work: Promise<T>): Promise<T> {
    work.catch(() => undefined); // a failure after the stop is expected and not reported
    return Promise.race([work, this.promise]);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private stop(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    this.dispose();
    this.onStop();
    this.rejectNow(reason);
  }
}
