import { z } from 'zod';
import { idField, idListField, intField, textField } from '../../fields.js';
import { route } from '../../route.js';
import { API_KEY_MAX_DAYS } from './api-key-constants.js';

/**
 * A scoped key as its owner sees it: never the key itself (shown once, when made), its first
 * characters to recognise it. `projectIds` empty: every project of its namespaces.
 */
export const apiKeyRow = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  namespaceIds: z.array(z.number()),
  projectIds: z.array(z.number()),
  roleId: z.number(),
  expireTime: z.string(),
  lastUseTime: z.string(),
  lastUseIp: z.string(),
  insertTime: z.string(),
  /** `active`, `expired` or `revoked`. */
  state: z.enum(['active', 'expired', 'revoked']),
});

export type ApiKeyRow = z.infer<typeof apiKeyRow>;

/** Ours: the caller's scoped API keys, newest first, revoked ones included. */
export const getApiKeyList = route({
  method: 'GET',
  path: '/user/getApiKeyList',
  access: 'user',
  input: z.object({}),
  output: z.object({ list: z.array(apiKeyRow) }),
});

/**
 * Ours: makes a scoped API key for the caller, from a signed-in session only. It acts in the
 * listed namespaces alone, on the listed projects alone (none listed: all of theirs), with the
 * permissions of `roleId` that the member also holds there, until `expireDays` have passed. The
 * role may not grant what the member lacks in any of the namespaces. Answers the key, shown this
 * once: only its hash is kept.
 */
export const addApiKey = route({
  method: 'POST',
  path: '/user/addApiKey',
  access: 'user',
  input: z.object({
    name: textField(1, 40),
    namespaceIds: idListField.refine((ids) => ids.length > 0, 'must name a namespace'),
    projectIds: idListField.optional().default([]),
    roleId: idField,
    expireDays: intField(1, API_KEY_MAX_DAYS),
  }),
  output: z.object({ id: z.number(), key: z.string() }),
  secretOutput: true,
});

/** Ours: stops one of the caller's scoped keys at once, for good. */
export const revokeApiKey = route({
  method: 'DELETE',
  path: '/user/revokeApiKey',
  access: 'user',
  input: z.object({ id: idField }),
  output: z.null(),
});
