import i18next from 'i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import type { TerminalStatus } from './terminalStatus';

/** The words for a terminal's state, for its tag and the line written into the terminal. */
export function statusText(status: TerminalStatus): string {
  const t = i18next.getFixedT(null, 'terminal');
  if (status.state === 'connecting') return t('status.connecting');
  if (status.state === 'connected') return t('status.connected');
  switch (status.cause) {
    case 'ended':
      return t('status.ended');
    case 'idle':
      return t('status.idle');
    case 'serverDisabled':
      return t('status.serverDisabled');
    case 'sshFailed':
      return t('status.sshFailed', { reason: status.reason || t('status.noReason') });
    case 'refused':
      return t('status.refused', {
        reason: errorText(new ApiError('envelope', status.envelopeCode ?? -1, status.reason)),
      });
    case 'lost':
      return t('status.lost');
  }
}
