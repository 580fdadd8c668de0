import { WarningOutlined } from '@ant-design/icons';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dash } from '../../../ui/Dash';
import type { ServerRow } from '../utils/ServerRow';
import { FingerprintText } from '../../../ui/FingerprintText';

/**
 * The stored host-key fingerprints; a red tag when the server or its jump host presented another
 * key (every connection is refused until someone accepts it, see the banner above the table).
 */
export function HostKeyCell({ server }: { server: ServerRow }) {
  const { t } = useTranslation('server');
  const changed = server.pendingFingerprint !== '' || server.pendingJumpFingerprint !== '';
  return (
    <Flex vertical gap={2}>
      {changed ? (
        <Tooltip title={t('hostKey.rowHelp')}>
          <Tag
            icon={<WarningOutlined />}
            color="error"
            variant="filled"
            style={{ width: 'fit-content' }}
          >
            {t('hostKey.changedTag')}
          </Tag>
        </Tooltip>
      ) : null}
      {server.fingerprint ? <FingerprintText fingerprint={server.fingerprint} /> : <Dash />}
      {server.jumpFingerprint ? (
        <Flex align="center" gap={4}>
          <Typography.Text type="secondary">{t('hostKey.jump')}</Typography.Text>
          <FingerprintText fingerprint={server.jumpFingerprint} />
        </Flex>
      ) : null}
    </Flex>
  );
}
