import { stringField } from '../../fields.js';
import { COMMAND_MAX_CHARS } from './run-definition-constants.js';

const utf8 = new TextEncoder();

/**
 * Text run on a server: kept as typed (no trimming, a script's own whitespace matters), never
 * blank, at most `maxBytes` UTF-8 bytes.
 */
export function scriptText(maxBytes: number, label: string) {
  return stringField()
    .refine((v) => v.trim() !== '', 'must not be empty')
    .refine((v) => utf8.encode(v).length <= maxBytes, `must be at most ${label}`);
}

/** An optional command, trimmed: '' for none, otherwise at most `COMMAND_MAX_CHARS` characters. */
export const optionalCommand = stringField()
  .trim()
  .max(COMMAND_MAX_CHARS, `must be at most ${COMMAND_MAX_CHARS} characters`)
  .optional()
  .default('');
