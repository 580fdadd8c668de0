import { HubType } from '@ferry/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/ApiError';
import { call } from '../../../api/call';
import { errorText } from '../../../api/errorText';
import { useHubFrame } from '../../../api/hub/useHubFrame';
import { sftpRoutes } from '@ferry/contract/client';
import {
  applyFrame,
  applyResults,
  asTransferMessage,
  newTransferId,
  type TransferProgress,
  type TransferResult,
} from '../utils/transferProgress';

/** A transfer streams whole directories between servers: it may take hours. */
const TRANSFER_TIMEOUT_MS = 6 * 60 * 60_000;

/** What the transfer dialog sends: entries of the source server to directories of others. */
export interface TransferPlan {
  sources: readonly { path: string; isDir: boolean }[];
  destinations: readonly { id: number; name: string }[];
  destDir: string;
}

function resultsOf(data: unknown): TransferResult[] | undefined {
  const results = (data as { results?: unknown } | null | undefined)?.results;
  return Array.isArray(results) ? (results as TransferResult[]) : undefined;
}

/**
 * Transfers from one server to several: each source entry is one `/server/transferFile` with a
 * fresh `transferId`, sent one after the other; hub frames of type 13 move each destination's
 * progress, and each answer gives every destination's final word (a failed destination never
 * hides the others' success). `onFinished` hears the outcome, for a word when the dialog is shut.
 */
export function useTransfer(
  sourceServerId: number,
  onFinished: (transfers: readonly TransferProgress[]) => void,
) {
  const [transfers, setTransfers] = useState<readonly TransferProgress[]>([]);
  const [running, setRunning] = useState(false);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  useHubFrame(HubType.sftpTransfer, (raw) => {
    const m = asTransferMessage(raw);
    if (m) setTransfers((list) => applyFrame(list, m));
  });

  const start = useCallback(
    async (plan: TransferPlan) => {
      const planned: TransferProgress[] = plan.sources.map((s) => ({
        transferId: newTransferId(),
        source: s.path,
        isDir: s.isDir,
        state: 'waiting',
        destinations: plan.destinations.map((d) => ({
          serverId: d.id,
          serverName: d.name,
          bytes: 0,
          total: 0,
          state: 'waiting',
          error: '',
        })),
      }));
      let outcome: readonly TransferProgress[] = planned;
      const update = (id: string, change: (t: TransferProgress) => TransferProgress) => {
        setTransfers((list) => list.map((t) => (t.transferId === id ? change(t) : t)));
      };
      setTransfers(planned);
      setRunning(true);
      for (const transfer of planned) {
        update(transfer.transferId, (t) => ({ ...t, state: 'running' }));
        let settle: (t: TransferProgress) => TransferProgress;
        try {
          const data = await call(
            sftpRoutes.transferFile,
            {
              sourceServerId,
              sourceFile: transfer.source,
              sourceIsDir: transfer.isDir,
              destServerIds: plan.destinations.map((d) => d.id),
              destDir: plan.destDir,
              transferId: transfer.transferId,
            },
            { silent: 'toast', timeoutMs: TRANSFER_TIMEOUT_MS },
          );
          settle = (t) => applyResults(t, data.results, '');
        } catch (e) {
          const results =
            e instanceof ApiError && e.reason === 'transfer_failed' ? resultsOf(e.data) : undefined;
          settle = (t) => applyResults(t, results, errorText(e));
        }
        update(transfer.transferId, settle);
        outcome = outcome.map((t) => (t.transferId === transfer.transferId ? settle(t) : t));
      }
      setRunning(false);
      finished.current(outcome);
    },
    [sourceServerId],
  );

  const reset = useCallback(() => setTransfers([]), []);
  return { transfers, running, start, reset };
}

export type Transfer = ReturnType<typeof useTransfer>;
