import type { WebhookProvider } from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import type { WebhookDeliveryRecord } from './webhook.repository.js';

/** A delivery as the log shows it (it never held a secret: signatures are not stored). */
export function presentDelivery(r: WebhookDeliveryRecord) {
  return {
    id: r.id,
    provider: r.provider as WebhookProvider,
    event: r.event,
    deliveryId: r.delivery_id,
    branch: r.branch,
    commitId: r.commit_id,
    accepted: r.accepted === 1,
    reason: r.reason,
    token: r.deploy_token,
    remoteAddr: r.remote_addr,
    insertTime: formatTime(r.insert_time),
  };
}

/** How many calls came without a valid signature, and when the last one came ('' for none). */
export function presentUnsigned(r: { calls: number; last_time: number } | undefined) {
  return { count: Number(r?.calls ?? 0), lastTime: formatTime(r?.last_time) };
}
