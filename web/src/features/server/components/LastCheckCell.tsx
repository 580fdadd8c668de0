import { Badge, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServerRow } from '../utils/ServerRow';

/** When the server was last checked, and whether that worked (the error on hover). */
export function LastCheckCell({ server }: { server: ServerRow }) {
  const { t } = useTranslation('server');
  if (!server.lastCheckTime) {
    return <Badge status="default" text={t('lastCheck.never')} />;
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
      {failed ? (
        <Tooltip title={server.lastCheckError}>
          <span tabIndex={0} aria-label={`${t('lastCheck.failed')}: ${server.lastCheckError}`}>
            {status}
          </span>
        </Tooltip>
      ) : (
        status
      )}
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
        {server.lastCheckTime}
      </Typography.Text>
    </Flex>
  );
}
