import { CloudServerOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useServerOptions } from '../../../api/options/useServerOptions';
import { ErrorState } from '../../../ui/ErrorState';
import { ServerChecklist } from '../../../ui/run/ServerChecklist';

interface ServersCardProps {
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
}

/** The servers a script runs on: the namespace's own and the shared ones. */
export function ServersCard({ selected, onChange, disabled }: ServersCardProps) {
  const { t } = useTranslation('script');
  const servers = useServerOptions();
  const list = servers.data ?? [];

  let body;
  if (servers.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (servers.isError) {
    body = <ErrorState title={t('servers.loadFailed')} onRetry={() => void servers.refetch()} />;
  } else if (list.length === 0) {
    body = (
      <Empty
        image={<CloudServerOutlined style={{ fontSize: 40, opacity: 0.45 }} />}
        description={t('servers.empty')}
      >
        <Link to="/server/index">
          <Button type="primary">{t('servers.toServerList')}</Button>
        </Link>
      </Empty>
    );
  } else {
    body = (
      <ServerChecklist servers={list} selected={selected} onChange={onChange} disabled={disabled} />
    );
  }

  return (
    <Card
      title={t('servers.title')}
      size="small"
      extra={
        list.length > 0 ? (
          <Flex align="center" gap={4}>
            <Typography.Text type="secondary" role="status">
              {t('servers.selected', { count: selected.length, total: list.length })}
            </Typography.Text>
            {selected.length > 0 && !disabled ? (
              <Button type="link" size="small" onClick={() => onChange([])}>
                {t('servers.clear')}
              </Button>
            ) : null}
          </Flex>
        ) : null
      }
    >
      {body}
    </Card>
  );
}
