import { intField, stringField } from '../../fields.js';
import { isHost } from './server-constants.js';

export { isHost, SERVER_AUTH_TYPES, SERVER_IMPORT_COLUMNS } from './server-constants.js';
export type { ServerAuthType } from './server-constants.js';

const HOST_RULE = 'must be an IP address or a host name';

export const hostField = stringField()
  .trim()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine(isHost, HOST_RULE);

/** A jump host: empty means none. */
export const optionalHostField = stringField()
  .trim()
  .max(255, 'must be at most 255 characters')
  .refine((v) => v === '' || isHost(v), HOST_RULE)
  .optional()
  .default('');

/** A jump port: 0 or absent means 22 when a jump host is set. */
export const optionalPortField = intField(0, 65535).optional().default(0);
