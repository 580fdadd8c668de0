import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errorText';
import { session } from '../../../auth/session';
import { ErrorState } from '../../../ui/ErrorState';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { useCastText } from '../hooks/useCastText';
import { recordUrl } from '../utils/recordUrl';
import type { TerminalLogRow } from '../utils/TerminalLogRow';
import { ReplayPlayer } from './ReplayPlayer';

interface ReplayModalProps {
  open: boolean;
  /** The session to replay (kept while the dialog closes). */
  log: TerminalLogRow | undefined;
  onClose: () => void;
}

/**
 * Replays a session's recording. The recording is fetched as text first: a refused request
 * answers with an envelope, which is shown as an error instead of a broken player.
 */
export function ReplayModal({ open, log, onClose }: ReplayModalProps) {
  const { t } = useTranslation('terminal');
  const cast = useCastText(open ? log?.id : undefined);

  const body = () => {
    if (!log) return null;
    if (cast.isError) {
      return (
        <ErrorState
          title={t('replay.loadFailed')}
          detail={errorText(cast.error)}
          onRetry={() => void cast.refetch()}
        />
      );
    }
    if (cast.data === undefined) {
      return (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      );
    }
    return (
      <ReplayPlayer
        cast={cast.data}
        downloadUrl={recordUrl(log.id, session.identity().id)}
        downloadName={`${log.id}.cast`}
      />
    );
  };

  return (
    <ResponsiveModal
      open={open}
      onCancel={onClose}
      footer={null}
      width={1040}
      title={
        log ? t('replay.title', { id: log.id, user: log.username, server: log.serverName }) : ''
      }
    >
      {body()}
    </ResponsiveModal>
  );
}
