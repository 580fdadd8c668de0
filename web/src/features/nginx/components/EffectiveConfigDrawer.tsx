import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { ResponsiveDrawer } from '../../../ui/ResponsiveDrawer';
import { useEffectiveConfig } from '../hooks/useNginxQueries';
import { LazyNginxEditor } from './LazyNginxEditor';

interface EffectiveConfigDrawerProps {
  serverId: number;
  open: boolean;
  onClose: () => void;
}

/** `nginx -T`: every file nginx reads, as one read-only text, read afresh at each opening. */
export function EffectiveConfigDrawer({ serverId, open, onClose }: EffectiveConfigDrawerProps) {
  const { t } = useTranslation('nginx');
  const effective = useEffectiveConfig(serverId, open);
  return (
    <ResponsiveDrawer
      open={open}
      width={900}
      title={t('effective.title')}
      onClose={onClose}
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={effective.isFetching}
          onClick={() => void effective.refetch()}
        >
          {t('effective.refresh')}
        </Button>
      }
    >
      {effective.isError ? (
        <ErrorState
          title={t('effective.failed')}
          detail={errorText(effective.error)}
          onRetry={() => void effective.refetch()}
        />
      ) : effective.isPending ? (
        <Flex vertical align="center" gap={8} style={{ padding: '48px 0' }}>
          <Spin />
          <Typography.Text type="secondary">{t('effective.loading')}</Typography.Text>
        </Flex>
      ) : (
        <LazyNginxEditor
          value={effective.data?.output ?? ''}
          readOnly
          label={t('effective.title')}
          height="calc(100dvh - 140px)"
        />
      )}
    </ResponsiveDrawer>
  );
}
