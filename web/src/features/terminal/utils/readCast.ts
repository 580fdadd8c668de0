import i18next from 'i18next';
import { ApiError } from '../../../api/ApiError';

/**
 * Checks what GET /log/getTerminalRecord answered. A recording is an asciicast v2 file whose first
 * line is its JSON header (`{"version":2,…}`); a refusal is an envelope (`{"code":1,…}`), which
 * becomes an {@link ApiError} so it is shown like any API failure. Anything else is an Error.
 */
export function readCast(text: string): string {
  const end = text.indexOf('\n');
  let header: unknown;
  try {
    header = JSON.parse(end === -1 ? text : text.slice(0, end));
  } catch {
    header = undefined;
  }
  if (typeof header === 'object' && header !== null) {
    const h = header as Record<string, unknown>;
    if (typeof h.version === 'number') return text;
    if (typeof h.code === 'number') {
      throw new ApiError(
        'envelope',
        h.code,
        typeof h.message === 'string' ? h.message : '',
        typeof h.reason === 'string' ? h.reason : undefined,
      );
    }
  }
  throw new Error(i18next.t('terminal:replay.notCast'));
}
