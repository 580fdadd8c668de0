import type { SftpTransferMessage } from '@ferry/contract/client';

/** One destination of a transfer, as the dialog shows it. */
export interface DestinationProgress {
  serverId: number;
  serverName: string;
  bytes: number;
  /** 0 while unknown (a directory still being walked). */
  total: number;
  state: 'waiting' | 'running' | 'done' | 'failed';
  error: string;
}

/** One source entry sent to every chosen destination. */
export interface TransferProgress {
  transferId: string;
  /** The source's remote path and whether it is a directory. */
  source: string;
  isDir: boolean;
  destinations: DestinationProgress[];
  /** `waiting` until its request starts; `finished` once its answer came. */
  state: 'waiting' | 'running' | 'finished';
}

/** One destination's outcome in the answer of `/server/transferFile`. */
export interface TransferResult {
  serverId: number;
  serverName: string;
  ok: boolean;
  error: string;
  bytes: number;
}

const FINAL = new Set<DestinationProgress['state']>(['done', 'failed']);

/** A type-13 hub frame's message when it has what the dialog reads; undefined otherwise. */
export function asTransferMessage(m: unknown): SftpTransferMessage | undefined {
  if (typeof m !== 'object' || m === null) return undefined;
  const r = m as Record<string, unknown>;
  if (typeof r.transferId !== 'string' || typeof r.serverId !== 'number') return undefined;
  if (typeof r.bytes !== 'number' || typeof r.total !== 'number') return undefined;
  if (r.state !== 'running' && r.state !== 'done' && r.state !== 'failed') return undefined;
  return {
    ...(r as unknown as SftpTransferMessage),
    error: typeof r.error === 'string' ? r.error : '',
  };
}

/**
 * A progress frame applied: it moves its destination forward (a late `running` frame never undoes
 * a final state); frames of other transfers change nothing.
 */
export function applyFrame(
  transfers: readonly TransferProgress[],
  m: SftpTransferMessage,
): readonly TransferProgress[] {
  const index = transfers.findIndex((t) => t.transferId === m.transferId);
  const transfer = transfers[index];
  if (!transfer || transfer.state === 'finished') return transfers;
  const destinations = transfer.destinations.map((d) => {
    if (d.serverId !== m.serverId || FINAL.has(d.state)) return d;
    return {
      ...d,
      bytes: Math.max(d.bytes, m.bytes),
      total: m.total || d.total,
      state: m.state,
      error: m.error,
    };
  });
  const next = [...transfers];
  next[index] = { ...transfer, state: 'running', destinations };
  return next;
}

/** The answer's results, each destination's final word; a destination it omits failed. */
export function applyResults(
  transfer: TransferProgress,
  results: readonly TransferResult[] | undefined,
  failure: string,
): TransferProgress {
  const destinations = transfer.destinations.map((d): DestinationProgress => {
    const r = results?.find((x) => x.serverId === d.serverId);
    if (!r) return { ...d, state: 'failed', error: d.error || failure };
    return {
      ...d,
      bytes: r.ok ? Math.max(d.bytes, r.bytes) : d.bytes,
      total: r.ok && !d.total ? r.bytes : d.total,
      state: r.ok ? 'done' : 'failed',
      error: r.ok ? '' : r.error || failure,
    };
  });
  return { ...transfer, state: 'finished', destinations };
}

/** A fresh transfer id: letters, digits and dashes, as the contract asks (no secure context needed). */
export function newTransferId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
