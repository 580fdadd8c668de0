import type { NotifyUse } from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import type { AttemptRecord, DeliveryRecord } from './delivery.repository.js';
import type { TemplateRow } from './template.repository.js';

export const presentTemplate = (r: TemplateRow) => ({
  id: r.id,
  type: r.type,
  useBy: r.use_by as NotifyUse,
  title: r.title,
  template: r.template,
  insertTime: formatTime(r.insert_time),
  updateTime: formatTime(r.update_time),
});

/** A message of the delivery log: never its address's path or query, never its secret. */
export const presentDelivery = (r: DeliveryRecord) => ({
  id: r.id,
  projectId: r.project_id,
  projectName: r.project_name,
  useBy: r.use_by,
  subject: r.subject,
  channel: r.channel,
  targetHost: r.target_host,
  state: r.state as 'pending' | 'sent' | 'failed',
  attempts: r.attempts,
  lastError: r.last_error,
  creator: r.creator,
  insertTime: formatTime(r.insert_time),
  nextAttemptTime: r.state === 'pending' ? formatTime(r.next_attempt_time) : '',
  sentTime: formatTime(r.sent_time),
});

export const presentAttempt = (r: AttemptRecord) => ({
  attempt: r.attempt,
  httpStatus: r.http_status,
  code: r.code,
  message: r.message,
  durationMs: r.duration_ms,
  time: formatTime(r.insert_time),
});
