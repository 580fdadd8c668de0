import { Badge, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServerRow } from '../utils/ServerRow';

/** When the server was last checked, and whether that worked (the error on hover). */
export function LastCheckCell({ server }: { server: ServerRow }) {
  const { t } = useTranslation('server');
  if (!server.lastCheckTime) {
    return <Typography.Text type="secondary">{t('lastCheck.never')}</Typography.Text>;
  }
  const failed = server.lastCheckError !== '';
  const status = (
    <Badge
      status={failed ? 'error' : 'success'}
      text={failed ? t('lastCheck.failed') : t('lastCheck.ok')}
    />
  );
  return (
    <Flex vertical>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {server.lastCheckTime}
      </Typography.Text>
      {failed ? (
        <Tooltip title={server.lastCheckError}>
          <span tabIndex={0} aria-label={`${t('lastCheck.failed')}: ${server.lastCheckError}`}>
            {status}
          </span>
        </Tooltip>
      ) : (
        status
      )}
    </Flex>
  );
}
