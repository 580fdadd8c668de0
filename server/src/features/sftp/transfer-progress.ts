import { HubType, type SftpTransferMessage } from '@ferry/contract';
import type { RequestContext } from '../../core/http/context.js';
import type { Hub } from '../../core/ws/hub.js';
import { bytesOf, type Destination } from './transfer-copy.js';

/** How often a running transfer reports each destination's bytes. */
export const TRANSFER_PROGRESS_MS = 250;

/**
 * The progress frames (hub type 13) of one transfer, sent only to the hub sockets of the user
 * who started it: every destination once at the start, its bytes every 250 ms while they grow,
 * and its final state once. Nothing is sent without a `transferId`.
 */
export function transferProgress(
  hub: Hub,
  ctx: RequestContext,
  transferId: string | undefined,
  destinations: readonly Destination[],
) {
  let total = 0;
  let timer: NodeJS.Timeout | undefined;
  const reported = new Map<number, number>();

  const publish = (d: Destination, state: SftpTransferMessage['state']) => {
    if (transferId === undefined) return;
    const bytes = bytesOf(d);
    reported.set(d.serverId, bytes);
    const message: SftpTransferMessage = {
      transferId,
      serverId: d.serverId,
      bytes,
      total,
      state,
      error: d.error ?? '',
    };
    hub.publish(
      ctx.namespaceId,
      { type: HubType.sftpTransfer, message },
      { userIds: [ctx.user.id] },
    );
  };

  const tick = () => {
    for (const d of destinations) {
      if (!d.error && reported.get(d.serverId) !== bytesOf(d)) publish(d, 'running');
    }
  };

  return {
    /** The first frames (total 0 while a directory is still walked), then the ticks. */
    start() {
      if (transferId === undefined) return;
      for (const d of destinations) if (!d.error) publish(d, 'running');
      timer = setInterval(tick, TRANSFER_PROGRESS_MS);
      timer.unref();
    },
    /** Bytes to send to each destination, once known. */
    setTotal(bytes: number) {
      total = bytes;
      reported.clear();
    },
    /** Every destination's outcome. */
    finish() {
      clearInterval(timer);
      for (const d of destinations) publish(d, d.error ? 'failed' : 'done');
    },
  };
}
