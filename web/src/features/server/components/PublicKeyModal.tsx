import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { usePublicKey } from '../../../api/usePublicKey';
import { authorizedKeysCommand } from '../utils/authorizedKeysCommand';
import { CodeBox } from '../../../ui/CodeBox';
import { ConsoleKeyView } from '../../../ui/ConsoleKeyView';

/**
 * The console's public key, and the command that authorises it on a server: with it in
 * `authorized_keys`, a server can use the console key and needs no stored secret.
 */
export function PublicKeyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('server');
  const key = usePublicKey(open);
  return (
    <ResponsiveModal
      open={open}
      width={720}
      title={t('publicKey.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('publicKey.help')}</Typography.Text>
        <ConsoleKeyView />
        {key.data ? (
          <>
            <Typography.Text strong>{t('publicKey.commandTitle')}</Typography.Text>
            <Typography.Text type="secondary">{t('publicKey.commandHelp')}</Typography.Text>
            <CodeBox
              text={authorizedKeysCommand(key.data)}
              label={t('publicKey.command')}
              copyLabel={t('publicKey.copyCommand')}
            />
          </>
        ) : null}
      </Flex>
    </ResponsiveModal>
  );
}
