import { Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { useNginxAbilities } from '../hooks/useNginxAbilities';
import { useNginxPath } from '../hooks/useNginxQueries';
import { BinaryPathForm } from './BinaryPathForm';
import { NginxWorkspace } from './NginxWorkspace';

/**
 * One server's tab: finds its nginx first; without one it explains and offers to type the
 * binary's path, with one it shows the workspace.
 */
export function NginxServerTab({
  serverId,
  onDirty,
}: {
  serverId: number;
  /** Told whether the open file has unsaved changes, at each change. */
  onDirty?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('nginx');
  const can = useNginxAbilities();
  const path = useNginxPath(serverId);

  if (path.isPending) {
    return (
      <Flex justify="center" align="center" vertical gap={8} style={{ padding: '48px 0' }}>
        <Spin />
        <Typography.Text type="secondary">{t('detecting')}</Typography.Text>
      </Flex>
    );
  }
  if (path.isError) {
    return (
      <ErrorState
        title={t('detectFailed')}
        detail={errorText(path.error)}
        onRetry={() => void path.refetch()}
      />
    );
  }
  if (path.data.path === '') {
    return (
      <Empty
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Text strong>{t('notFound.title')}</Typography.Text>
            <Typography.Text type="secondary">{t('notFound.detail')}</Typography.Text>
          </Flex>
        }
        style={{ padding: '32px 0' }}
      >
        {can.manage ? (
          <BinaryPathForm serverId={serverId} initial={path.data} />
        ) : (
          <Typography.Text type="secondary">{t('notFound.askManager')}</Typography.Text>
        )}
      </Empty>
    );
  }
  return <NginxWorkspace serverId={serverId} nginx={path.data} can={can} onDirty={onDirty} />;
}
