import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import type { ServerRow } from '../utils/ServerRow';
import { useAcceptHostKey } from './useAcceptHostKey';

/**
 * Asks before trusting a server's new host key. SECURITY: this is the one defence against a
 * machine in the middle, so the dialog says when accepting is right and shows the new key.
 */
export function useConfirmAcceptKey(): (server: ServerRow) => void {
  const { t } = useTranslation('server');
  const confirm = useConfirmAction();
  const accept = useAcceptHostKey();
  return (server) =>
    confirm({
      title: t('hostKey.confirmTitle', { name: server.name }),
      content: t('hostKey.confirmContent', {
        fingerprint: [server.pendingFingerprint, server.pendingJumpFingerprint]
          .filter(Boolean)
          .join(', '),
      }),
      okText: t('hostKey.accept'),
      run: () => accept.mutateAsync(server.id),
      done: t('hostKey.accepted', { name: server.name }),
    });
}
