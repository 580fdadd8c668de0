import {
  ArrowUpOutlined,
  CloseCircleOutlined,
  HomeOutlined,
  LockOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Code } from '@ferry/contract/client';
import { Button, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingError } from '../utils/listing';

/**
 * A directory that could not be listed: the console refused the path, or the server answered
 * with an error (permission denied, no such directory), in the server's own words; then Retry,
 * Up and Home.
 */
export function DirectoryError(props: {
  error: ListingError;
  onRetry: () => void;
  onUp: () => void;
  onHome: () => void;
}) {
  const { error } = props;
  const { t } = useTranslation('sftp');
  const { t: tCommon } = useTranslation('common');
  const { token } = theme.useToken();
  const denied = error.code === Code.error && error.reason === 'file_permission_denied';
  // The home directory failed before the console named it.
  const path = error.path || '~';
  const title =
    error.code === Code.illegalParam
      ? t('directory.refused', { path })
      : denied
        ? t('directory.denied', { path })
        : t('directory.failed', { path });
  return (
    <Flex
      vertical
      align="center"
      gap={12}
      role="alert"
      style={{ padding: '48px 16px', textAlign: 'center' }}
    >
      {denied ? (
        <LockOutlined style={{ fontSize: 48, color: token.colorWarning }} />
      ) : (
        <CloseCircleOutlined style={{ fontSize: 48, color: token.colorError }} />
      )}
      <Typography.Title level={4} style={{ margin: 0, wordBreak: 'break-all' }}>
        {title}
      </Typography.Title>
      {error.message ? (
        <Typography.Text type="secondary" style={{ maxWidth: 560, wordBreak: 'break-word' }}>
          {error.message}
        </Typography.Text>
      ) : null}
      <Flex gap={8} wrap justify="center">
        <Button icon={<ReloadOutlined />} onClick={props.onRetry}>
          {tCommon('action.retry')}
        </Button>
        {error.path && error.path !== '/' ? (
          <Button icon={<ArrowUpOutlined />} onClick={props.onUp}>
            {t('path.up')}
          </Button>
        ) : null}
        <Button icon={<HomeOutlined />} onClick={props.onHome}>
          {t('path.home')}
        </Button>
      </Flex>
    </Flex>
  );
}
