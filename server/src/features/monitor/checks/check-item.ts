import type { MonitorItemResult, MonitorTarget } from '@ferry/contract';

/** One item's outcome as a check kind reports it (the runner adds the item and the latency). */
export type ItemOutcome = Omit<MonitorItemResult, 'item' | 'latencyMs'> & {
  /** When the kind measured it itself (a site's time to headers); else the item's wall time. */
  latencyMs?: number;
};

/** Checks one item of a target; may reject (the runner turns the error into the item's message). */
export type ItemCheck = (
  item: string,
  target: MonitorTarget,
  ctx: { namespaceId: number; signal: AbortSignal },
) => Promise<ItemOutcome>;

export const passed = (extra: Partial<ItemOutcome> = {}): ItemOutcome => ({
  ok: true,
  message: '',
  ...extra,
});

export const failed = (message: string, extra: Partial<ItemOutcome> = {}): ItemOutcome => ({
  ok: false,
  message,
  ...extra,
});

/** An error's message, or the text of whatever was thrown. */
export const messageOf = (err: unknown): string =>
  err instanceof Error ? err.message : String(err);

/** Thrown by a kind when its item's own time limit ran out. */
export class ItemTimeout extends Error {
  constructor(timeoutS: number) {
    super(`No answer within the time limit of ${timeoutS} s.`);
    this.name = 'ItemTimeout';
  }
}

/**
 * `signal` joined with the item's time limit (`timeoutS`), and how to tell which of the two ended
 * an operation: `reason(err)` is the message for an abort, undefined for any other error.
 */
export function itemDeadline(signal: AbortSignal, timeoutS: number) {
  const limit = AbortSignal.timeout(timeoutS * 1000);
  const joined = AbortSignal.any([signal, limit]);
  return {
    signal: joined,
    reason(): string | undefined {
      if (signal.aborted) return 'The check was stopped.';
      if (limit.aborted) return new ItemTimeout(timeoutS).message;
      return undefined;
    },
  };
}
