import i18next from 'i18next';
import { ApiError } from './ApiError';

/** The text shown for a failure: a translated reason when we have one, else the server's words. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.kind === 'timeout') return i18next.t('common:error.timeout');
    if (err.kind === 'network') return i18next.t('common:error.network', { message: err.message });
    if (err.reason && i18next.exists(`errors:${err.reason}`)) {
      return i18next.t(`errors:${err.reason}` as 'errors:internal_error');
    }
  }
  if (err instanceof Error && err.message) return err.message;
  return i18next.t('common:error.unknown');
}
