import { z } from 'zod';
import { idField, pagination, stringField, pagedList } from '../../fields.js';
import { Perm } from '../../permissions.js';
import { anyOf, route } from '../../route.js';
import { WEBHOOK_PROVIDERS } from './webhook-constants.js';

/**
 * goploy's webhook, with the provider's signature checked whenever the project has a secret. A
 * refusal answers code 1 "Webhook refused" whatever the cause, so it tells nothing about the
 * project; the project's delivery log says why.
 */
export const receive = route({
  method: 'POST',
  path: '/deploy/webhook',
  access: 'public',
  input: z.object({
    project_id: idField,
    /** SVN's hook sends the secret here (redacted from every log by its name). */
    token: stringField().max(256, 'must be at most 256 characters').optional(),
  }),
  output: z.null(),
  // Unauthenticated: no caller to record; the delivery log is its record.
  audit: false,
});

export const webhookDeliveryRow = z.object({
  id: z.number(),
  provider: z.enum(WEBHOOK_PROVIDERS),
  event: z.string(),
  deliveryId: z.string(),
  branch: z.string(),
  commitId: z.string(),
  accepted: z.boolean(),
  /** '' when accepted, else one of WEBHOOK_REASONS. */
  reason: z.string(),
  /** The deploy it started ('' when refused). */
  token: z.string(),
  remoteAddr: z.string(),
  insertTime: z.string(),
});

/**
 * Ours: the project's last deliveries, newest first, and how many calls came without a valid
 * signature (only the newest few of those are rows) with the time of the last one ('' for none).
 */
export const getWebhookDeliveryList = route({
  method: 'GET',
  path: '/project/getWebhookDeliveryList',
  access: anyOf(Perm.SwitchProjectWebhook, Perm.EditProject),
  input: z.object({ id: idField, ...pagination }),
  output: pagedList(webhookDeliveryRow).extend({
    unsigned: z.object({ count: z.number(), lastTime: z.string() }),
  }),
});

/**
 * Ours: a new webhook secret for the project, answered this once (the old one stops working).
 * The operation log stores `***` for it.
 */
export const resetWebhookSecret = route({
  method: 'PUT',
  path: '/project/resetWebhookSecret',
  access: anyOf(Perm.SwitchProjectWebhook),
  input: z.object({ id: idField }),
  output: z.object({ secret: z.string() }),
  secretOutput: true,
});
