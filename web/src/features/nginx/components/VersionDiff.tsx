import { Flex, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { LazyMergeDiff } from '../../../ui/LazyMergeDiff';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useConfigVersion } from '../hooks/useNginxQueries';

interface VersionDiffProps {
  serverId: number;
  id: number;
  current: string;
}

/** A stored version against the editor's text, side by side or in one column. */
export function VersionDiff({ serverId, id, current }: VersionDiffProps) {
  const { t } = useTranslation('nginx');
  const mobile = useIsMobile();
  const version = useConfigVersion(serverId, id);
  const [sideBySide, setSideBySide] = useState(!mobile);

  if (version.isPending) return <Skeleton active paragraph={{ rows: 8 }} title={false} />;
  if (version.isError) {
    return (
      <ErrorState
        title={t('history.versionFailed')}
        detail={errorText(version.error)}
        onRetry={() => void version.refetch()}
      />
    );
  }
  const versionLabel = t('history.versionLabel', { time: version.data.insertTime });
  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>
          {t('history.diffTitle', { time: version.data.insertTime })}
        </Typography.Text>
        <Segmented<'split' | 'unified'>
          size="small"
          value={sideBySide ? 'split' : 'unified'}
          onChange={(v) => setSideBySide(v === 'split')}
          options={[
            { value: 'split', label: t('history.split') },
            { value: 'unified', label: t('history.unified') },
          ]}
        />
      </Flex>
      {version.data.content === current ? (
        <Typography.Text type="secondary">{t('history.same')}</Typography.Text>
      ) : null}
      {sideBySide ? (
        <Flex>
          <Typography.Text type="secondary" style={{ flex: 1 }}>
            {t('history.currentLabel')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ flex: 1 }}>
            {versionLabel}
          </Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('history.unifiedHelp')}</Typography.Text>
      )}
      <LazyMergeDiff
        local={current}
        remote={version.data.content}
        language="nginx"
        sideBySide={sideBySide}
        localLabel={t('history.currentLabel')}
        remoteLabel={versionLabel}
        height="max(320px, calc(100dvh - 520px))"
      />
    </Flex>
  );
}
