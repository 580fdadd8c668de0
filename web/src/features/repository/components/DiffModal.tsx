import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorText } from '../../../api/errorText';
import { ErrorState } from '../../../ui/ErrorState';
import { fileKind } from '../../../ui/fileKind';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useIsMobile } from '../../../ui/useIsMobile';
import { useFileDiff } from '../hooks/useFileCompare';
import type { CompareRow } from '../utils/CompareRow';
import { LazyMergeDiff } from '../../../ui/LazyMergeDiff';

interface DiffModalProps {
  open: boolean;
  projectId: number;
  filePath: string;
  /** The server compared with. */
  row: CompareRow | undefined;
  onClose: () => void;
}

const DIFF_HEIGHT = 'calc(100dvh - 260px)';

/** Both texts of one server's file side by side (one column on a phone), differences marked. */
function DiffBody(props: { projectId: number; filePath: string; row: CompareRow }) {
  const { t } = useTranslation('repository');
  const mobile = useIsMobile();
  const { row } = props;
  const diff = useFileDiff(props.projectId, row.serverId, props.filePath);
  if (diff.isPending) {
    return (
      <Flex vertical align="center" gap={8} style={{ padding: 48 }}>
        <Spin />
        <Typography.Text type="secondary">{t('diff.loading')}</Typography.Text>
      </Flex>
    );
  }
  if (diff.isError) {
    const tooLarge = diff.error instanceof ApiError && diff.error.reason === 'file_too_large';
    return (
      <ErrorState
        title={tooLarge ? t('diff.tooLarge') : t('diff.failed')}
        detail={errorText(diff.error)}
        onRetry={tooLarge ? undefined : () => void diff.refetch()}
      />
    );
  }
  const local = t('diff.local');
  const remote = t('diff.remote', { server: row.serverName, ip: row.serverIP });
  const sides = (
    <Flex gap={8} style={{ fontWeight: 500 }}>
      <Typography.Text style={{ flex: 1 }} ellipsis>
        {mobile ? `− ${remote}` : local}
      </Typography.Text>
      <Typography.Text style={{ flex: 1 }} ellipsis>
        {mobile ? `+ ${local}` : remote}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={8}>
      {row.status === 'remote file not exists' ? (
        <Alert type="info" showIcon title={t('diff.missingRemote')} />
      ) : null}
      {diff.data.srcText === diff.data.distText ? (
        <Alert type="success" showIcon title={t('diff.same')} />
      ) : null}
      {sides}
      <LazyMergeDiff
        local={diff.data.srcText}
        remote={diff.data.distText}
        language={fileKind({ name: props.filePath.split('/').pop() ?? '', isDir: false }).language}
        sideBySide={!mobile}
        localLabel={t('diff.label', { side: local })}
        remoteLabel={t('diff.label', { side: remote })}
        height={DIFF_HEIGHT}
      />
    </Flex>
  );
}

/** The diff of a file between the working copy and one server. */
export function DiffModal({ open, projectId, filePath, row, onClose }: DiffModalProps) {
  const { t } = useTranslation('repository');
  return (
    <ResponsiveModal
      open={open}
      onCancel={onClose}
      footer={null}
      width={1200}
      centered
      title={row ? t('compare.diffOf', { path: filePath, server: row.serverName }) : null}
    >
      {row && open ? <DiffBody projectId={projectId} filePath={filePath} row={row} /> : null}
    </ResponsiveModal>
  );
}
